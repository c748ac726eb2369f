// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp-macro.c - the preprocessor's token contexts, macro expansion
 * (arguments, # and ##, builtins, _Pragma) and #define/#undef.
 */
#include "cpp-private.h"

/* ---- token contexts --------------------------------------------------- */
static bool push_context(struct cpp *p, struct tok *toks, size_t n, struct macro *m,
			 const struct tok *at)
{
	if (p->n_ctx == p->cap_ctx) {
		size_t cap = p->cap_ctx ? p->cap_ctx * 2 : 64;
		struct context *nc;

		if (p->n_ctx >= CPP_MAX_CONTEXTS) {
			free(toks);
			cpp_limit(p, at, "macro expansion depth (contexts)", CPP_MAX_CONTEXTS);
			return false;
		}
		nc = realloc(p->ctx, cap * sizeof(*nc));
		if (!nc) {
			free(toks);
			cpp_oom(p);
			return false;
		}
		p->ctx = nc;
		p->cap_ctx = cap;
	}
	p->ctx[p->n_ctx++] = (struct context){ toks, n, 0, m };
	p->live_tokens += n;
	if (m)
		m->disabled = true;
	return true;
}

static bool push_one(struct cpp *p, const struct tok *t)
{
	struct tok *v = malloc(sizeof(*v));

	if (!v) {
		cpp_oom(p);
		return false;
	}
	*v = *t;
	v->flags &= (uint16_t)~(F_FILE | F_BOL);
	return push_context(p, v, 1, NULL, t);
}

void cpp_pop_context(struct cpp *p)
{
	struct context *c = &p->ctx[--p->n_ctx];

	if (c->m)
		c->m->disabled = false;
	p->live_tokens -= c->n;
	free(c->toks);
}

void cpp_backup(struct cpp *p, const struct tok *t)
{
	if (p->n_ctx) {
		p->ctx[p->n_ctx - 1].i--;
	} else if (p->n_la < (int)ARRAY_SIZE(p->la)) {
		p->la[p->n_la++] = *t;
	}
}

static struct tok padding(const struct tok *src)
{
	struct tok t = { .text = "", .type = T_PADDING };

	if (src) {
		t.flags = F_SRC | (src->flags & F_FILE);
		if (src->flags & F_WHITE)
			t.flags |= F_SRC_WHITE;
		t.sf = src->sf;
		t.line = src->line;
		t.col = src->col;
	}
	return t;
}

/* The next token from the files: directives run, skipped groups dropped. */
static void lex_token(struct cpp *p, struct tok *t)
{
	for (;;) {
		if (p->fatal) {
			*t = eof_tok;
			return;
		}
		if (p->n_la) {
			*t = p->la[--p->n_la];
		} else {
			struct buffer *b = p->buf;

			if (!b) {
				*t = eof_tok;
				return;
			}
			cpp_lex_direct(p, b, t, false);
			/* A newline inside macro arguments is white space (stringify "a b"). */
			if ((t->flags & F_BOL) && p->parsing_args == 2)
				t->flags |= F_WHITE;
			if (t->type == T_EOF) {
				if (p->in_directive || p->parsing_args || !b->prev)
					return;
				cpp_pop_buffer(p);
				continue;
			}
		}
		if (p->in_directive)
			return;
		if (t->flags & F_BOL) {
			if (tok_is(t, P_HASH) && p->parsing_args != 1 && cpp_handle_directive(p))
				continue;
			if (!p->skipping && !p->parsing_args && p->printing)
				cpp_position(p, t);
		}
		if (p->skipping)
			continue;
		p->last_tok = *t;
		return;
	}
}

/* ---- macro expansion ---------------------------------------------------- */
struct macro *cpp_lookup(const struct cpp *p, const struct tok *t)
{
	return hmap_get_str(&p->macros, t->text, t->len);
}

/* Spell @t into @sb (the stringify and paste spelling). */
void cpp_spell(struct strbuf *sb, const struct tok *t)
{
	sb_putn(sb, t->text, t->len);
}

/* gcc's stringify_arg(): spaces where the argument had white space, \ and " escaped in literals. */
static bool stringify(struct cpp *p, struct arg *a, const struct tok *at)
{
	struct strbuf sb;
	int source = -1;
	unsigned backslashes = 0;

	sb_init(&sb);
	sb_putc(&sb, '"');
	for (size_t i = 0; i < a->n; i++) {
		const struct tok *t = &a->raw[i];

		if (t->type == T_PADDING) {
			if (source < 0 || (source == 0 && !(t->flags & F_SRC)))
				source = (t->flags & F_SRC) ? !!(t->flags & F_SRC_WHITE) : -1;
			continue;
		}
		if (sb.len > 1) {
			int white = source >= 0 ? source : !!(t->flags & F_WHITE);

			if (white)
				sb_putc(&sb, ' ');
		}
		source = -1;
		if (t->type == T_STRING || t->type == T_CHAR) {
			for (uint32_t k = 0; k < t->len; k++) {
				if (t->text[k] == '"' || t->text[k] == '\\')
					sb_putc(&sb, '\\');
				sb_putc(&sb, t->text[k]);
			}
		} else {
			cpp_spell(&sb, t);
		}
		if (t->type == T_OTHER && t->text[0] == '\\')
			backslashes++;
		else
			backslashes = 0;
		if (sb.len > CPP_MAX_OUTPUT) {
			sb_free(&sb);
			cpp_limit(p, at, "stringified macro argument (bytes)", CPP_MAX_OUTPUT);
			return false;
		}
	}
	if (backslashes & 1) {
		warning_at(p, at, "invalid string literal, ignoring final '\\'");
		sb.len--;
	}
	sb_putc(&sb, '"');
	if (sb.oom) {
		sb_free(&sb);
		cpp_oom(p);
		return false;
	}
	char *s = arena_strndup(&p->a, sb.buf, sb.len);

	a->str = (struct tok){ .text = s, .len = (uint32_t)sb.len, .type = T_STRING };
	sb_free(&sb);
	if (!s) {
		cpp_oom(p);
		return false;
	}
	a->stringified = true;
	return true;
}

/* Pre-expand an argument on a context of its own, ended by an EOF sentinel. */
static bool expand_arg(struct cpp *p, struct arg *a, const struct tok *at)
{
	struct tokvec out = { 0 };
	struct tok *v;
	size_t base;

	if (p->arg_nest >= CPP_MAX_ARG_NEST) {
		cpp_limit(p, at, "nesting of macro arguments", CPP_MAX_ARG_NEST);
		return false;
	}
	v = malloc((a->n + 1) * sizeof(*v));
	if (!v) {
		cpp_oom(p);
		return false;
	}
	if (a->n)
		memcpy(v, a->raw, a->n * sizeof(*v));
	v[a->n] = eof_tok;
	v[a->n].flags = F_ARG_EOF;
	if (!push_context(p, v, a->n + 1, NULL, at))
		return false;
	base = p->n_ctx;
	p->arg_nest++;
	for (;;) {
		struct tok t;

		cpp_get_token(p, &t);
		if (p->fatal || t.type == T_EOF)
			break;
		if (!cpp_vec_push(p, &out, &t))
			break;
	}
	p->arg_nest--;
	if (p->fatal) {
		cpp_vec_free(p, &out);
		return false;
	}
	while (p->n_ctx >= base)
		cpp_pop_context(p);
	a->exp = out.v;
	a->n_exp = out.n;
	p->live_tokens -= out.cap;	/* accounted again when substituted */
	a->expanded = true;
	return true;
}

static void free_args(struct cpp *p, struct arg *args, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		p->live_tokens -= args[i].cap;
		free(args[i].raw);
		free(args[i].exp);
	}
	free(args);
}

static bool grow_args(struct cpp *p, struct arg **args, size_t *cap, size_t need)
{
	size_t ncap = *cap ? *cap : 4;
	struct arg *na;

	while (ncap < need)
		ncap *= 2;
	na = realloc(*args, ncap * sizeof(*na));
	if (!na) {
		cpp_oom(p);
		return false;
	}
	memset(na + *cap, 0, (ncap - *cap) * sizeof(*na));
	*args = na;
	*cap = ncap;
	return true;
}

static bool arg_push(struct cpp *p, struct arg *a, const struct tok *t)
{
	struct tokvec v = { a->raw, a->n, a->cap };
	bool ok = cpp_vec_push(p, &v, t);

	a->raw = v.v;
	a->n = v.n;
	a->cap = v.cap;
	return ok;
}

/*
 * gcc's collect_args(): tokens up to the matching ')', unexpanded, split at
 * top-level commas (not inside the variadic argument).  Returns 1 with the
 * arguments, 0 after an error (nothing to expand), -1 when stopping.
 */
static int collect_args(struct cpp *p, struct macro *m, const struct tok *name,
			struct arg **out, size_t *nout)
{
	struct arg *args = NULL;
	size_t n = 0, cap = 0;
	struct tok t;

	/* Unused slots stay zeroed, so free_args() can always free all of them. */
	for (;;) {
		if (n == cap && !grow_args(p, &args, &cap, n + 1))
			goto fail;
		struct arg *a = &args[n++];
		int depth = 0;

		for (;;) {
			cpp_get_token(p, &t);
			if (p->fatal)
				goto fail;
			if (t.type == T_PADDING) {
				if (!a->n)
					continue;
			} else if (tok_is(&t, P_LPAREN)) {
				depth++;
			} else if (tok_is(&t, P_RPAREN)) {
				if (depth-- == 0)
					break;
			} else if (tok_is(&t, P_COMMA)) {
				if (depth == 0 && !(m->variadic && n == m->nparams))
					break;
			} else if (tok_is(&t, P_HASH) && (t.flags & F_BOL)) {
				/*
				 * A line starting with # that is no directive ends the
				 * argument, dropped, like a comma would (gcc 12; newer
				 * gcc reports an error).
				 */
				break;
			} else if (is_eol(&t)) {
				if ((t.flags & F_ARG_EOF) || p->in_directive)
					cpp_backup(p, &t);
				error_at(p, name,
					 "unterminated argument list invoking macro \"%s\"",
					 m->name);
				free_args(p, args, cap);
				return 0;
			}
			if (!arg_push(p, a, &t))
				goto fail;
		}
		while (a->n && a->raw[a->n - 1].type == T_PADDING)
			a->n--;
		if (tok_is(&t, P_RPAREN))
			break;
	}
	if (n == 1 && m->nparams == 0 && args[0].n == 0)
		n = 0;
	if (n < m->nparams && !(n + 1 == m->nparams && m->variadic)) {
		error_at(p, name, "macro \"%s\" requires %u arguments, but only %zu given", m->name,
			 m->nparams, n);
		cpp_report(p, DTBIND_NOTE, m->loc, "macro \"%s\" defined here", m->name);
		free_args(p, args, cap);
		return 0;
	}
	if (n > m->nparams) {
		error_at(p, name, "macro \"%s\" passed %zu arguments, but takes just %u",
			 m->name, n, m->nparams);
		cpp_report(p, DTBIND_NOTE, m->loc, "macro \"%s\" defined here", m->name);
		free_args(p, args, cap);
		return 0;
	}
	if (cap < m->nparams && !grow_args(p, &args, &cap, m->nparams))
		goto fail;
	if (m->variadic && (n < m->nparams || (n == 1 && args[0].n == 0)))
		args[m->nparams - 1].omitted = true;
	*out = args;
	*nout = cap;
	return 1;
fail:
	free_args(p, args, cap);
	return -1;
}

/* gcc's replace_args(): substitute the arguments into the replacement list. */
static bool replace_args(struct cpp *p, struct macro *m, struct arg *args, const struct tok *name,
			 struct tokvec *out)
{
	for (uint32_t i = 0; i < m->n && !p->fatal; i++) {
		const struct tok *src = &m->body[i];
		struct tok t;

		if (src->type != T_ARG) {
			t = *src;
			if (!cpp_vec_push(p, out, &t))
				return false;
			continue;
		}
		struct arg *a = &args[src->arg];
		const struct tok *from;
		size_t count;
		bool after_paste = i > 0 && (m->body[i - 1].flags & F_PASTE_LEFT);

		if (src->flags & F_STRINGIFY) {
			if (!a->stringified && !stringify(p, a, name))
				return false;
			from = &a->str;
			count = 1;
		} else if ((src->flags & F_PASTE_LEFT) || after_paste) {
			from = a->raw;
			count = a->omitted ? 0 : a->n;
		} else {
			if (!a->expanded && !expand_arg(p, a, name))
				return false;
			from = a->exp;
			count = a->n_exp;
		}
		if (after_paste && out->n) {
			struct tok *last = &out->v[out->n - 1];

			if (m->variadic && src->arg == m->nparams - 1 && tok_is(last, P_COMMA)) {
				/* GNU , ## __VA_ARGS__: no comma when the arguments are left out */
				if (a->omitted)
					out->n--;
				else
					last->flags &= (uint16_t)~F_PASTE_LEFT;
			} else if (!count) {
				/* An empty argument right of ##: nothing to paste with. */
				last->flags &= (uint16_t)~F_PASTE_LEFT;
			}
		}
		if (i > 0 && !after_paste) {
			t = padding(src);
			t.flags &= (uint16_t)~F_FILE;
			if (!cpp_vec_push(p, out, &t))
				return false;
		}
		if (count) {
			for (size_t k = 0; k < count; k++) {
				t = from[k];
				t.flags &= (uint16_t)~(F_FILE | F_BOL);
				if (!cpp_vec_push(p, out, &t))
					return false;
			}
			if (src->flags & F_PASTE_LEFT)
				out->v[out->n - 1].flags |= F_PASTE_LEFT;
		}
		if (!(src->flags & F_PASTE_LEFT)) {
			t = padding(NULL);
			if (!cpp_vec_push(p, out, &t))
				return false;
		}
	}
	return !p->fatal;
}

/* Lex @s as a single token; false when it is not exactly one. */
static bool lex_one(const char *s, size_t n, struct tok *t)
{
	memset(t, 0, sizeof(*t));
	if (!n)
		return false;
	return cpp_lex_raw(s, s + n, t) == s + n;
}

/*
 * gcc's paste_all_tokens(): @lhs (with F_PASTE_LEFT) was just read from the
 * top context; paste the tokens that follow onto it and push the result on
 * a context of its own.  In assembler mode a paste that does not make one
 * token is no error: the two tokens stay apart.
 */
static void paste_all(struct cpp *p, struct tok lhs)
{
	struct context *c = &p->ctx[p->n_ctx - 1];
	struct tok rhs;

	do {
		if (c->i >= c->n)
			break;
		rhs = c->toks[c->i++];
		if (rhs.type == T_PADDING) {
			rhs.flags |= F_PASTE_LEFT;	/* keep going */
			continue;
		}
		struct strbuf sb;
		struct tok r;

		sb_init(&sb);
		cpp_spell(&sb, &lhs);
		if (tok_is(&lhs, P_DIV) && !tok_is(&rhs, P_EQ))
			sb_putc(&sb, ' ');	/* no comment out of a paste */
		cpp_spell(&sb, &rhs);
		if (sb.oom) {
			sb_free(&sb);
			cpp_oom(p);
			return;
		}
		p->pasted_bytes += sb.len;
		if (p->pasted_bytes > CPP_MAX_PASTED) {
			sb_free(&sb);
			cpp_limit(p, &lhs, "token pasting (bytes)", CPP_MAX_PASTED);
			return;
		}
		if (!lex_one(sb.buf, sb.len, &r)) {
			sb_free(&sb);
			c->i--;
			lhs.flags &= (uint16_t)~F_PASTE_LEFT;
			break;
		}
		char *s = arena_strndup(&p->a, sb.buf, sb.len);

		sb_free(&sb);
		if (!s) {
			cpp_oom(p);
			return;
		}
		r.text = s;
		r.sf = lhs.sf;
		r.line = lhs.line;
		r.col = lhs.col;
		r.flags = (uint16_t)((r.flags & F_PREFIX) | (lhs.flags & F_WHITE));
		lhs = r;
	} while (rhs.flags & F_PASTE_LEFT);
	lhs.flags &= (uint16_t)~F_PASTE_LEFT;
	push_one(p, &lhs);
}

static const char *presumed_name(const struct cpp *p)
{
	const struct buffer *b = p->buf;

	if (!b)
		return p->name;
	if (b->line_set && b->presumed)
		return b->presumed;
	return b->sf->path;
}

/* A string literal token for @s. */
static bool string_tok(struct cpp *p, const char *s, struct tok *t)
{
	struct strbuf sb;

	sb_init(&sb);
	sb_putc(&sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			sb_putc(&sb, '\\');
		sb_putc(&sb, *s);
	}
	sb_putc(&sb, '"');
	t->text = sb.oom ? NULL : arena_strndup(&p->a, sb.buf, sb.len);
	t->len = (uint32_t)sb.len;
	t->type = T_STRING;
	sb_free(&sb);
	if (!t->text) {
		cpp_oom(p);
		return false;
	}
	return true;
}

void cpp_get_token_nopad(struct cpp *p, struct tok *t)
{
	do
		cpp_get_token(p, t);
	while (t->type == T_PADDING);
}

/* _Pragma("...") outside directives: run the pragma, leave nothing. */
static int do_pragma_op(struct cpp *p, const struct tok *name)
{
	struct tok t, s;

	cpp_get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		cpp_backup(p, &t);
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	cpp_get_token_nopad(p, &s);
	if (s.type != T_STRING) {
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	cpp_get_token_nopad(p, &t);
	if (!tok_is(&t, P_RPAREN)) {
		error_at(p, name, "_Pragma takes a parenthesized string literal");
		return 0;
	}
	char *text = arena_strndup(&p->a, s.text, s.len);

	if (!text) {
		cpp_oom(p);
		return -1;
	}
	cpp_do_pragma_text(p, text, name);
	return push_context(p, NULL, 0, NULL, name) ? 1 : -1;
}

int cpp_builtin(struct cpp *p, struct macro *m, const struct tok *name)
{
	struct tok t = { .type = T_NUMBER };
	char num[32];
	uint32_t line;

	switch (m->builtin) {
	case BI_FILE:
		if (!string_tok(p, presumed_name(p), &t))
			return -1;
		break;
	case BI_FILE_NAME: {
		const char *f = presumed_name(p), *slash = strrchr(f, '/');

		if (!string_tok(p, slash ? slash + 1 : f, &t))
			return -1;
		break;
	}
	case BI_BASE_FILE:
		if (!string_tok(p, p->name, &t))
			return -1;
		break;
	case BI_LINE:
		line = (name->flags & F_FILE) ? name->line : p->exp_tok.line;
		if (p->buf && p->buf->line_set)
			line = (uint32_t)(line + p->buf->line_delta);
		snprintf(num, sizeof(num), "%u", line);
		goto number;
	case BI_COUNTER:
		snprintf(num, sizeof(num), "%u", p->counter++);
		goto number;
	case BI_INCLUDE_LEVEL:
		snprintf(num, sizeof(num), "%u", p->depth ? p->depth - 1 : 0);
		goto number;
	case BI_PRAGMA:
		if (p->in_directive)
			return 0;
		return do_pragma_op(p, name);
	default:
		/* __has_include outside #if: not expanded */
		if (!p->in_directive)
			error_at(p, name, "\"%s\" used outside of preprocessing directive",
				 m->name);
		return 0;
	}
	goto push;
number:
	t.text = arena_strdup(&p->a, num);
	t.len = (uint32_t)strlen(num);
	if (!t.text) {
		cpp_oom(p);
		return -1;
	}
push:
	t.sf = name->sf;
	t.line = name->line;
	t.col = name->col;
	return push_one(p, &t) ? 1 : -1;
}

/*
 * Expand @m named by @name (@outermost: read from a file, not from another
 * expansion).  Returns 1 when a context was pushed, 0 when the name stays
 * as it is (a function-like macro without arguments, or an error), -1 when
 * stopping.
 */
static int enter_macro(struct cpp *p, struct macro *m, const struct tok *name, bool outermost)
{
	struct arg *args = NULL;
	size_t nargs = 0;
	struct tokvec out = { 0 };

	if (outermost)
		p->exp_tok = *name;
	if (m->builtin)
		return cpp_builtin(p, m, name);
	if (m->funlike) {
		struct tok t, pad;
		bool have_pad = false;
		int r;

		p->prevent_expansion++;
		p->parsing_args = 1;
		for (;;) {
			cpp_get_token(p, &t);
			if (t.type != T_PADDING)
				break;
			if (!have_pad || !(pad.flags & F_SRC) ||
			    (!(pad.flags & F_SRC_WHITE) && !(t.flags & F_SRC))) {
				pad = t;
				have_pad = true;
			}
		}
		if (!tok_is(&t, P_LPAREN)) {
			if (t.type != T_EOF || (t.flags & F_ARG_EOF))
				cpp_backup(p, &t);
			if (have_pad)
				push_one(p, &pad);
			p->parsing_args = 0;
			p->prevent_expansion--;
			return p->fatal ? -1 : 0;
		}
		p->parsing_args = 2;
		r = collect_args(p, m, name, &args, &nargs);
		p->parsing_args = 0;
		p->prevent_expansion--;
		if (r <= 0)
			return r;
	}
	if (m->nparams) {
		if (!replace_args(p, m, args, name, &out)) {
			free_args(p, args, nargs);
			cpp_vec_free(p, &out);
			return -1;
		}
	} else {
		for (uint32_t i = 0; i < m->n; i++)
			if (!cpp_vec_push(p, &out, &m->body[i])) {
				free_args(p, args, nargs);
				cpp_vec_free(p, &out);
				return -1;
			}
	}
	free_args(p, args, nargs);
	p->live_tokens -= out.cap;	/* the context accounts for them now */
	return push_context(p, out.v, out.n, m, name) ? 1 : -1;
}

/* gcc's cpp_get_token(): the next token after macro expansion, paddings included. */
void cpp_get_token(struct cpp *p, struct tok *out)
{
	for (;;) {
		struct tok t;
		struct context *c = NULL;

		if (p->fatal) {
			*out = eof_tok;
			return;
		}
		if (!p->n_ctx) {
			lex_token(p, &t);
		} else {
			c = &p->ctx[p->n_ctx - 1];
			if (c->i < c->n) {
				t = c->toks[c->i++];
				if (++p->expanded > CPP_MAX_EXPANDED) {
					cpp_limit(p, &p->exp_tok, "macro expansion (tokens)",
						  CPP_MAX_EXPANDED);
					continue;
				}
				if (t.flags & F_PASTE_LEFT) {
					paste_all(p, t);
					if (p->in_directive)
						continue;
					*out = padding(&t);
					return;
				}
			} else {
				cpp_pop_context(p);
				if (p->in_directive)
					continue;
				*out = padding(NULL);
				return;
			}
		}
		if (t.type == T_NAME && !(t.flags & F_NO_EXPAND)) {
			struct macro *m = cpp_lookup(p, &t);

			if (m && m->disabled) {
				t.flags |= F_NO_EXPAND;
				if (c)
					c->toks[c->i - 1].flags |= F_NO_EXPAND;
			} else if (m && !p->prevent_expansion) {
				int r = enter_macro(p, m, &t, !c);

				if (r > 0) {
					if (p->in_directive)
						continue;
					*out = padding(&t);
					return;
				}
			}
		}
		*out = t;
		return;
	}
}

/* ---- #define ------------------------------------------------------------- */
void cpp_lex_dir(struct cpp *p, struct tok *t)
{
	if (p->n_la)
		*t = p->la[--p->n_la];
	else
		cpp_lex_direct(p, p->buf, t, false);
}

/* The rest of a directive line is not needed: skip it and its newline. */
void cpp_skip_line(struct cpp *p)
{
	struct buffer *b = p->buf;
	struct tok t;

	p->n_la = 0;
	while (p->n_ctx)
		cpp_pop_context(p);
	do
		cpp_lex_direct(p, b, &t, false);
	while (!is_eol(&t));
	if (t.type == T_EOL) {
		b->pos++;
		b->bol = true;
	}
}

void cpp_check_eol(struct cpp *p, const char *dir)
{
	struct tok t;

	cpp_lex_dir(p, &t);
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #%s directive", dir);
}

bool cpp_macro_name(struct cpp *p, struct tok *t, const char *dir)
{
	cpp_lex_dir(p, t);
	if (is_eol(t)) {
		error_at(p, t, "no macro name given in #%s directive", dir);
		return false;
	}
	if (t->type != T_NAME) {
		error_at(p, t, "macro names must be identifiers");
		return false;
	}
	if (tok_eq(t, "defined") && strcmp(dir, "ifdef") && strcmp(dir, "ifndef")) {
		error_at(p, t, "\"defined\" cannot be used as a macro name");
		return false;
	}
	return true;
}

static bool same_macro(const struct macro *a, const struct macro *b)
{
	const uint16_t keep = F_WHITE | F_STRINGIFY | F_PASTE_LEFT;

	if (a->funlike != b->funlike || a->variadic != b->variadic || a->nparams != b->nparams ||
	    a->n != b->n || a->builtin || b->builtin)
		return false;
	for (uint32_t i = 0; i < a->nparams; i++)
		if (a->plens[i] != b->plens[i] || memcmp(a->pnames[i], b->pnames[i], a->plens[i]))
			return false;
	for (uint32_t i = 0; i < a->n; i++) {
		const struct tok *x = &a->body[i], *y = &b->body[i];

		if (x->type != y->type || x->len != y->len || x->arg != y->arg ||
		    (x->flags & keep) != (y->flags & keep) || memcmp(x->text, y->text, x->len))
			return false;
	}
	return true;
}

static int param_index(const struct macro *m, const struct tok *t)
{
	for (uint32_t i = 0; i < m->nparams; i++)
		if (m->plens[i] == t->len && !memcmp(m->pnames[i], t->text, t->len))
			return (int)i;
	return -1;
}

/* Parameters go to malloc'd arrays first (see commit_macro()). */
static bool add_param(struct cpp *p, struct macro *m, const struct tok *at, const char *s,
		      uint32_t len)
{
	const char **pn;
	uint32_t *pl;

	if (m->nparams >= CPP_MAX_PARAMS) {
		error_at(p, at, "too many parameters for macro \"%s\" (at most %d)", m->name,
			 CPP_MAX_PARAMS);
		return false;
	}
	pn = realloc((void *)m->pnames, (m->nparams + 1) * sizeof(*pn));
	if (!pn) {
		cpp_oom(p);
		return false;
	}
	m->pnames = pn;
	pl = realloc(m->plens, (m->nparams + 1) * sizeof(*pl));
	if (!pl) {
		cpp_oom(p);
		return false;
	}
	m->plens = pl;
	pn[m->nparams] = s;
	pl[m->nparams] = len;
	m->nparams++;
	return true;
}

static bool parse_params(struct cpp *p, struct macro *m)
{
	struct tok t;

	for (;;) {
		cpp_lex_dir(p, &t);
		if (tok_is(&t, P_RPAREN) && !m->nparams)
			return true;
		if (tok_is(&t, P_ELLIPSIS)) {
			m->variadic = true;
			if (!add_param(p, m, &t, "__VA_ARGS__", 11))
				return false;
			cpp_lex_dir(p, &t);
			if (tok_is(&t, P_RPAREN))
				return true;
			error_at(p, &t, "expected ')' after \"...\"");
			return false;
		}
		if (t.type != T_NAME) {
			if (is_eol(&t))
				error_at(p, &t, "expected parameter name before end of line");
			else
				error_at(p, &t, "expected parameter name, found \"%.*s\"",
					 (int)t.len, t.text);
			return false;
		}
		if (tok_eq(&t, "__VA_ARGS__")) {
			error_at(p, &t, "__VA_ARGS__ can not be used as a parameter name");
			return false;
		}
		if (param_index(m, &t) >= 0) {
			error_at(p, &t, "duplicate macro parameter \"%.*s\"", (int)t.len, t.text);
			return false;
		}
		if (!add_param(p, m, &t, t.text, t.len))
			return false;
		cpp_lex_dir(p, &t);
		if (tok_is(&t, P_COMMA))
			continue;
		if (tok_is(&t, P_RPAREN))
			return true;
		if (tok_is(&t, P_ELLIPSIS)) {
			/* GNU named variadic parameter: args... */
			m->variadic = true;
			cpp_lex_dir(p, &t);
			if (tok_is(&t, P_RPAREN))
				return true;
			error_at(p, &t, "expected ')' after \"...\"");
			return false;
		}
		if (is_eol(&t))
			error_at(p, &t, "expected ',' or ')' before end of line");
		else
			error_at(p, &t, "expected ',' or ')', found \"%.*s\"", (int)t.len, t.text);
		return false;
	}
}

/*
 * Keep the definition @tmp (body and parameters in malloc'd arrays) for the
 * run, unless it repeats the current one: headers without include guards
 * define the same macros every time they are included.
 */
static void commit_macro(struct cpp *p, struct macro *tmp, const struct tok *name)
{
	struct macro *old = cpp_lookup(p, name), *m;

	if (old && same_macro(old, tmp))
		return;
	if (old) {
		warning_at(p, name, "\"%s\" redefined", tmp->name);
		if (old->loc.file)
			cpp_report(p, DTBIND_NOTE, old->loc,
				   "this is the location of the previous definition");
	}
	p->macro_tokens += tmp->n + tmp->nparams + 1;
	if (p->macro_tokens > CPP_MAX_MACRO_TOKENS) {
		cpp_limit(p, name, "size of the macro definitions (tokens)", CPP_MAX_MACRO_TOKENS);
		return;
	}
	m = arena_alloc(&p->a, sizeof(*m));
	if (!m)
		goto fail;
	*m = *tmp;
	m->body = arena_alloc(&p->a, (tmp->n ? tmp->n : 1) * sizeof(*m->body));
	m->pnames = arena_alloc(&p->a, (tmp->nparams ? tmp->nparams : 1) * sizeof(*m->pnames));
	m->plens = arena_alloc(&p->a, (tmp->nparams ? tmp->nparams : 1) * sizeof(*m->plens));
	if (!m->body || !m->pnames || !m->plens)
		goto fail;
	if (tmp->n)
		memcpy(m->body, tmp->body, tmp->n * sizeof(*m->body));
	if (tmp->nparams) {
		memcpy(m->pnames, tmp->pnames, tmp->nparams * sizeof(*m->pnames));
		memcpy(m->plens, tmp->plens, tmp->nparams * sizeof(*m->plens));
	}
	if (hmap_put_str(&p->macros, m->name, m->name_len, m))
		goto fail;
	return;
fail:
	cpp_oom(p);
}

void cpp_do_define(struct cpp *p)
{
	struct tokvec body = { 0 };
	struct macro m = { 0 };
	struct tok name, t;

	if (!cpp_macro_name(p, &name, "define"))
		return;
	/* A NUL-terminated name for messages and the table (names are few) */
	m.name = arena_strndup(&p->a, name.text, name.len);
	if (!m.name) {
		cpp_oom(p);
		return;
	}
	m.name_len = name.len;
	m.loc = cpp_tok_loc(p, &name);
	cpp_lex_dir(p, &t);
	if (tok_is(&t, P_LPAREN) && !(t.flags & F_WHITE)) {
		m.funlike = true;
		if (!parse_params(p, &m))
			goto out;
		cpp_lex_dir(p, &t);
	}
	while (!is_eol(&t)) {
		int idx;

		if (m.funlike && tok_is(&t, P_HASH)) {
			struct tok n;

			cpp_lex_dir(p, &n);
			if (n.type == T_NAME && (idx = param_index(&m, &n)) >= 0) {
				n.type = T_ARG;
				n.arg = (uint32_t)idx;
				n.flags = (uint16_t)(F_STRINGIFY | (t.flags & F_WHITE));
				if (!cpp_vec_push(p, &body, &n))
					goto out;
				cpp_lex_dir(p, &t);
				continue;
			}
			/* In assembler mode a # before a non-parameter is just a # */
			if (!cpp_vec_push(p, &body, &t))
				goto out;
			t = n;
			continue;
		}
		if (tok_is(&t, P_PASTE)) {
			struct tok n;

			cpp_lex_dir(p, &n);
			if (!body.n || is_eol(&n)) {
				error_at(p, &t,
					 "'##' cannot appear at either end of a macro expansion");
				goto out;
			}
			body.v[body.n - 1].flags |= F_PASTE_LEFT;
			t = n;
			continue;
		}
		if (m.funlike && t.type == T_NAME && (idx = param_index(&m, &t)) >= 0) {
			t.type = T_ARG;
			t.arg = (uint32_t)idx;
		}
		if (!cpp_vec_push(p, &body, &t))
			goto out;
		cpp_lex_dir(p, &t);
	}
	for (size_t i = 0; i < body.n; i++)
		body.v[i].flags &= (uint16_t)~(F_FILE | F_BOL);
	if (body.n)
		body.v[0].flags &= (uint16_t)~F_WHITE;
	m.body = body.v;
	m.n = (uint32_t)body.n;
	commit_macro(p, &m, &name);
out:
	cpp_vec_free(p, &body);
	free((void *)m.pnames);
	free(m.plens);
}

void cpp_do_undef(struct cpp *p)
{
	struct tok name;
	struct macro *m;

	if (!cpp_macro_name(p, &name, "undef"))
		return;
	m = cpp_lookup(p, &name);
	if (m) {
		if (m->builtin)
			warning_at(p, &name, "undefining \"%s\"", m->name);
		if (hmap_put_str(&p->macros, m->name, m->name_len, NULL))
			cpp_oom(p);
	}
	cpp_check_eol(p, "undef");
}

