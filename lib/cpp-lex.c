// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp-lex.c - the preprocessor's source files (loading, include search,
 * #pragma once) and its lexer over them.
 */
#include "cpp-private.h"

/* ---- source files ---------------------------------------------------- */
static int push_line_start(struct srcfile *sf, uint32_t *cap, size_t off)
{
	if (sf->nl == *cap) {
		uint32_t ncap = *cap ? *cap * 2 : 256;
		uint32_t *n = realloc(sf->ls, ncap * sizeof(*n));

		if (!n)
			return -1;
		sf->ls = n;
		*cap = ncap;
	}
	sf->ls[sf->nl++] = (uint32_t)off;
	return 0;
}

/*
 * A cleaned copy of @raw: backslash-newlines (also with blanks between the
 * backslash and the newline, as gcc accepts them) are removed, CRLF becomes
 * LF, NUL becomes a space, and the text ends in a newline.  ls[] records
 * where each physical line starts, so positions stay those of the file.
 */
struct srcfile *cpp_new_srcfile(struct cpp *p, const char *path, const char *raw, size_t len,
				bool is_main)
{
	struct srcfile *sf = arena_alloc(&p->a, sizeof(*sf));
	uint32_t cap = 0, line = 1;
	size_t o = 0, raw_ls = 0;

	if (!sf || len > CPP_MAX_OUTPUT || !(sf->text = malloc(len + 2))) {
		cpp_oom(p);
		return NULL;
	}
	sf->path = arena_strdup(&p->a, path);
	if (!sf->path)
		goto fail;
	if (is_main)
		p->main_sf = sf;
	const char *slash = strrchr(sf->path, '/');

	sf->dir = slash ? arena_strndup(&p->a, sf->path, (size_t)(slash - sf->path) + 1) : "";
	if (!sf->dir || push_line_start(sf, &cap, 0))
		goto fail;
	for (size_t i = 0; i < len; i++) {
		char c = raw[i];

		if (c == '\\') {
			size_t j = i + 1;

			while (j < len && (raw[j] == ' ' || raw[j] == '\t' || raw[j] == '\f' ||
					   raw[j] == '\v' || raw[j] == '\r'))
				j++;
			if (j < len && raw[j] == '\n') {
				bool blanks = false;

				for (size_t k = i + 1; k < j; k++)
					blanks |= raw[k] != '\r';
				if (blanks)
					cpp_report(p, DTBIND_WARNING,
						   cpp_file_loc(p, sf, line, (uint32_t)(i - raw_ls + 1)),
						   "backslash and newline separated by space");
				line++;
				if (push_line_start(sf, &cap, o))
					goto fail;
				i = j;
				raw_ls = j + 1;
				continue;
			}
		}
		if (c == '\r' && i + 1 < len && raw[i + 1] == '\n')
			continue;
		if (c == '\0')
			c = ' ';
		sf->text[o++] = c;
		if (c == '\n') {
			line++;
			raw_ls = i + 1;
			if (push_line_start(sf, &cap, o))
				goto fail;
		}
	}
	if (!o || sf->text[o - 1] != '\n') {
		sf->text[o++] = '\n';
		if (push_line_start(sf, &cap, o))
			goto fail;
	}
	sf->text[o] = '\0';
	sf->len = o;
	sf->next = p->files_list;
	p->files_list = sf;
	return sf;
fail:
	if (is_main)
		p->main_sf = NULL;
	free(sf->text);
	free(sf->ls);
	cpp_oom(p);
	return NULL;
}

void cpp_free_files(struct cpp *p)
{
	struct srcfile *sf = p->files_list, *next;

	for (; sf; sf = next) {
		next = sf->next;
		free(sf->text);
		free(sf->ls);
	}
	p->files_list = NULL;
}

/* The editor's buffer that stands for the file @path, or NULL. */
static const struct cpp_unsaved *unsaved_of(const struct cpp *p, const char *path)
{
	const struct cpp_unsaved *u = NULL;
	const char *base = strrchr(path, '/');
	bool maybe = false;
	char *real;

	/*
	 * realpath() costs system calls: only for a file named as one of them
	 * (one reached through a link of another name is read from disk).
	 */
	base = base ? base + 1 : path;
	for (size_t i = 0; i < p->opts->n_unsaved && !maybe; i++) {
		const char *ub = strrchr(p->opts->unsaved[i].path, '/');

		maybe = !strcmp(ub ? ub + 1 : p->opts->unsaved[i].path, base);
	}
	if (!maybe || !(real = realpath(path, NULL)))
		return NULL;
	for (size_t i = 0; i < p->opts->n_unsaved && !u; i++)
		if (!strcmp(real, p->opts->unsaved[i].path))
			u = &p->opts->unsaved[i];
	free(real);
	return u;
}

/* A file by path, loaded once per run; NULL when it is not a readable regular file. */
static struct srcfile *load_file(struct cpp *p, const char *path, const struct tok *at)
{
	size_t n = strlen(path);
	struct srcfile *sf = hmap_get_str(&p->files, path, n);
	const struct cpp_unsaved *u;
	struct stat st;
	char *raw;
	size_t len;
	int ret;

	if (sf)
		return sf;
	if (fs_stat(path, &st) || !S_ISREG(st.st_mode))
		return NULL;
	if ((u = unsaved_of(p, path)) != NULL) {
		sf = cpp_new_srcfile(p, path, u->text, u->len, false);
		if (sf && hmap_put_str(&p->files, sf->path, n, sf))
			cpp_oom(p);
		return sf;
	}
	ret = read_file(path, DTBIND_MAX_FILE_SIZE, &raw, &len);
	if (ret == -DTBIND_ENOMEM) {
		cpp_oom(p);
		return NULL;
	}
	if (ret == -DTBIND_ELIMIT) {
		error_at(p, at, "%s: file larger than %u bytes", path, DTBIND_MAX_FILE_SIZE);
		return NULL;
	}
	if (ret)
		return NULL;
	sf = cpp_new_srcfile(p, path, raw, len, false);
	free(raw);
	if (sf && hmap_put_str(&p->files, sf->path, n, sf))
		cpp_oom(p);
	return sf;
}

static char *join_path(struct cpp *p, const char *dir, const char *name)
{
	size_t dl = strlen(dir);

	if (!dl || dir[dl - 1] == '/')
		return arena_printf(&p->a, "%s%s", dir, name);
	return arena_printf(&p->a, "%s/%s", dir, name);
}

/*
 * gcc's search: "file" in the including file's directory, then the include
 * directories; <file> only in the include directories; #include_next from
 * the directory after the one the current file was found in.
 */
struct srcfile *cpp_find_include(struct cpp *p, const char *name, bool angled, bool next,
				 const struct tok *at, int *dir_idx)
{
	size_t start = 0;
	char *path;
	struct srcfile *sf;

	*dir_idx = -1;
	if (name[0] == '/')
		return load_file(p, name, at);
	if (next && p->buf->dir_idx >= 0)
		start = (size_t)p->buf->dir_idx + 1;
	else if (!angled && !next) {
		path = join_path(p, p->buf->sf->dir, name);
		if (!path) {
			cpp_oom(p);
			return NULL;
		}
		if ((sf = load_file(p, path, at)))
			return sf;
	}
	for (size_t i = start; i < p->opts->n_include_dirs && !p->fatal; i++) {
		path = join_path(p, p->opts->include_dirs[i], name);
		if (!path) {
			cpp_oom(p);
			return NULL;
		}
		if ((sf = load_file(p, path, at))) {
			*dir_idx = (int)i;
			return sf;
		}
	}
	return NULL;
}

bool cpp_is_once(struct cpp *p, const struct srcfile *sf)
{
	char *real;
	bool found;

	if (!p->once.n)
		return false;
	real = real_path(sf->path);
	if (!real)
		return false;
	found = hmap_get_str(&p->once, real, strlen(real)) != NULL;
	free(real);
	return found;
}

void cpp_mark_once(struct cpp *p, const struct srcfile *sf)
{
	char *real = real_path(sf->path);
	char *key;

	if (!real)
		return;
	key = arena_strdup(&p->a, real);
	free(real);
	if (!key || hmap_put_str(&p->once, key, strlen(key), key))
		cpp_oom(p);
}

void cpp_push_buffer(struct cpp *p, struct srcfile *sf, int dir_idx, bool is_main)
{
	struct buffer *b = calloc(1, sizeof(*b));

	if (!b) {
		cpp_oom(p);
		return;
	}
	b->sf = sf;
	b->bol = true;
	b->is_main = is_main;
	b->dir_idx = dir_idx;
	b->if_base = p->n_ifs;
	b->prev = p->buf;
	p->buf = b;
	p->depth++;
}

void cpp_pop_buffer(struct cpp *p)
{
	struct buffer *b = p->buf;

	if (p->n_ifs > b->if_base) {
		p->skipping = p->ifs[b->if_base].was_skipping;
		while (p->n_ifs > b->if_base) {
			struct ifstate *s = &p->ifs[--p->n_ifs];

			cpp_report(p, DTBIND_ERROR, s->loc, "unterminated #%s", s->kind);
		}
	}
	p->buf = b->prev;
	p->depth--;
	free(b);
}

/* ---- the lexer ------------------------------------------------------ */
static const char *lex_quote(const char *s, const char *q, const char *end, struct tok *t)
{
	char term = *q++;

	while (q < end) {
		if (*q == '\\' && q + 1 < end && q[1] != '\n') {
			q += 2;
		} else if (*q == term) {
			t->type = term == '"' ? T_STRING : T_CHAR;
			q++;
			goto done;
		} else if (*q == '\n') {
			break;
		} else {
			q++;
		}
	}
	/* Not closed on its line: in assembler mode the rest of the line is one token. */
	t->type = T_OTHER;
done:
	t->len = (uint32_t)(q - s);
	return q;
}

/* One token at @s (not white space); returns where it ends. */
const char *cpp_lex_raw(const char *s, const char *end, struct tok *t)
{
	unsigned char c = (unsigned char)*s;
	const char *q = s + 1;
	enum punct op = P_NONE;
	size_t n = 1;

	t->text = s;
	t->op = P_NONE;
	if (is_idstart(c)) {
		while (q < end && is_idnum(*q))
			q++;
		n = (size_t)(q - s);
		/* Only L: assembler mode has no u, U or u8 literals (u8"x" is u8 "x"). */
		if (q < end && (*q == '"' || *q == '\'') && n == 1 && c == 'L') {
			t->flags |= F_PREFIX;
			return lex_quote(s, q, end, t);
		}
		t->type = T_NAME;
		t->len = (uint32_t)n;
		return q;
	}
	if (is_digit(c) || (c == '.' && q < end && is_digit(*q))) {
		while (q < end) {
			if (is_idnum(*q) || *q == '.')
				q++;
			else if ((*q == '+' || *q == '-') && strchr("eEpP", q[-1]))
				q++;
			else
				break;
		}
		t->type = T_NUMBER;
		t->len = (uint32_t)(q - s);
		return q;
	}
	if (c == '"' || c == '\'')
		return lex_quote(s, s, end, t);

	char c1 = q < end ? *q : 0, c2 = q + 1 < end ? q[1] : 0;

	switch (c) {
	case '[': op = P_LBRACK; break;
	case ']': op = P_RBRACK; break;
	case '(': op = P_LPAREN; break;
	case ')': op = P_RPAREN; break;
	case '{': op = P_LBRACE; break;
	case '}': op = P_RBRACE; break;
	case '~': op = P_COMPL; break;
	case '?': op = P_QUERY; break;
	case ';': op = P_SEMI; break;
	case ',': op = P_COMMA; break;
	case ':': op = P_COLON; break;
	case '.':
		if (c1 == '.' && c2 == '.')
			op = P_ELLIPSIS, n = 3;
		else
			op = P_DOT;
		break;
	case '-':
		if (c1 == '>')
			op = P_ARROW, n = 2;
		else if (c1 == '-')
			op = P_DEC, n = 2;
		else if (c1 == '=')
			op = P_MINUSEQ, n = 2;
		else
			op = P_MINUS;
		break;
	case '+':
		if (c1 == '+')
			op = P_INC, n = 2;
		else if (c1 == '=')
			op = P_PLUSEQ, n = 2;
		else
			op = P_PLUS;
		break;
	case '&':
		if (c1 == '&')
			op = P_ANDAND, n = 2;
		else if (c1 == '=')
			op = P_ANDEQ, n = 2;
		else
			op = P_AND;
		break;
	case '|':
		if (c1 == '|')
			op = P_OROR, n = 2;
		else if (c1 == '=')
			op = P_OREQ, n = 2;
		else
			op = P_OR;
		break;
	case '*': op = c1 == '=' ? (n = 2, P_MULEQ) : P_MUL; break;
	case '/': op = c1 == '=' ? (n = 2, P_DIVEQ) : P_DIV; break;
	case '%': op = c1 == '=' ? (n = 2, P_MODEQ) : P_MOD; break;
	case '^': op = c1 == '=' ? (n = 2, P_XOREQ) : P_XOR; break;
	case '!': op = c1 == '=' ? (n = 2, P_NE) : P_NOT; break;
	case '=': op = c1 == '=' ? (n = 2, P_EQEQ) : P_EQ; break;
	case '#': op = c1 == '#' ? (n = 2, P_PASTE) : P_HASH; break;
	case '<':
		if (c1 == '<')
			op = c2 == '=' ? (n = 3, P_LSHIFTEQ) : (n = 2, P_LSHIFT);
		else if (c1 == '=')
			op = P_LE, n = 2;
		else
			op = P_LT;
		break;
	case '>':
		if (c1 == '>')
			op = c2 == '=' ? (n = 3, P_RSHIFTEQ) : (n = 2, P_RSHIFT);
		else if (c1 == '=')
			op = P_GE, n = 2;
		else
			op = P_GT;
		break;
	default:
		break;
	}
	t->type = op == P_NONE ? T_OTHER : T_PUNCT;
	t->op = (uint8_t)op;
	t->len = (uint32_t)n;
	return s + n;
}

uint32_t cpp_line_of(struct buffer *b, size_t off)
{
	const struct srcfile *sf = b->sf;

	while (b->li + 1 < sf->nl && sf->ls[b->li + 1] <= off)
		b->li++;
	return b->li + 1;
}

/*
 * The next token of @b.  In a directive the end of the line is T_EOL, and
 * stays so (the newline is consumed by skip_line()); elsewhere newlines are
 * white space that sets F_BOL on the next token.  @header: lex <...> and
 * "..." as #include reads them.
 */
void cpp_lex_direct(struct cpp *p, struct buffer *b, struct tok *t, bool header)
{
	const struct srcfile *sf = b->sf;
	const char *s = sf->text;
	size_t n = sf->len, i = b->pos;
	bool white = false;

	for (;;) {
		if (i >= n) {
			b->pos = n;
			*t = eof_tok;
			t->sf = sf;
			t->line = cpp_line_of(b, n ? n - 1 : 0);
			return;
		}
		char c = s[i];

		if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
			white = true;
			i++;
		} else if (c == '\n') {
			if (p->in_directive) {
				b->pos = i;
				*t = (struct tok){ .text = "", .type = T_EOL, .sf = sf,
						   .line = cpp_line_of(b, i) };
				t->col = (uint32_t)(i - sf->ls[t->line - 1] + 1);
				return;
			}
			i++;
			b->bol = true;
			white = false;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			if (j + 1 >= n) {
				uint32_t line = cpp_line_of(b, i);

				cpp_report(p, DTBIND_ERROR,
					   cpp_file_loc(p, sf, line, (uint32_t)(i - sf->ls[line - 1] + 1)),
					   "unterminated comment");
				i = n;
			} else {
				i = j + 2;
			}
			white = true;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
			white = true;
		} else {
			break;
		}
	}
	memset(t, 0, sizeof(*t));
	const char *e;

	if (header && (s[i] == '<' || s[i] == '"')) {
		char term = s[i] == '<' ? '>' : '"';
		size_t j = i + 1;

		while (s[j] != '\n' && s[j] != term)
			j++;
		if (s[j] == term) {
			t->type = term == '>' ? T_HEADER : T_STRING;
			t->text = s + i;
			t->len = (uint32_t)(j + 1 - i);
			e = s + j + 1;
		} else {
			e = cpp_lex_raw(s + i, s + n, t);
		}
	} else {
		e = cpp_lex_raw(s + i, s + n, t);
	}
	t->sf = sf;
	t->line = cpp_line_of(b, i);
	t->col = (uint32_t)(i - sf->ls[t->line - 1] + 1);
	t->flags |= F_FILE | (white ? F_WHITE : 0) | (b->bol ? F_BOL : 0);
	b->bol = false;
	b->pos = (size_t)(e - s);
}

