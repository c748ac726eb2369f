// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp-expr.c - #if expressions: numbers, characters, operators with
 * gcc's types and diagnostics, defined and __has_include.
 */
#include "cpp-private.h"

/* ---- #if expressions --------------------------------------------------------- */
struct val {
	uint64_t v;
	bool uns;
};

struct expr {
	struct cpp *p;
	struct tok *t;
	size_t n, i;
	const struct tok *dir;
	unsigned depth;
	unsigned skip;		/* inside an operand that is not evaluated */
	bool err;
};

static void expr_error(struct expr *e, const struct tok *t, const char *fmt, ...)
	DTBIND_PRINTF(3, 4);
static void expr_error(struct expr *e, const struct tok *t, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	if (e->err)
		return;
	e->err = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error_at(e->p, t && (t->flags & F_FILE) ? t : e->dir, "%s", msg);
}

static const struct tok *peek(struct expr *e)
{
	static const struct tok end = { .text = "", .type = T_EOL };

	return e->i < e->n ? &e->t[e->i] : &end;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static struct val parse_number(struct expr *e, const struct tok *t)
{
	const char *s = t->text, *end = s + t->len;
	unsigned base = 10;
	uint64_t v = 0;
	bool overflow = false, any = false;
	struct val r = { 0, false };

	if (t->len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (t->len > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (const char *q = t->text; q < end; q++) {
		if (*q == '.' || ((*q == '+' || *q == '-') && base != 16) ||
		    (base == 16 && (*q == 'p' || *q == 'P')) ||
		    (base == 10 && (*q == 'e' || *q == 'E'))) {
			expr_error(e, t, "floating constant in preprocessor expression");
			return r;
		}
	}
	for (; s < end; s++) {
		int d = hexval((unsigned char)*s);

		if (d < 0 || (unsigned)d >= (base == 8 ? 10 : base))
			break;
		if (base == 8 && d >= 8) {
			expr_error(e, t, "invalid digit \"%c\" in octal constant", *s);
			return r;
		}
		if (v > (UINT64_MAX - (unsigned)d) / base)
			overflow = true;
		v = v * base + (unsigned)d;
		any = true;
	}
	if (!any && base != 8) {
		expr_error(e, t, "invalid suffix \"%.*s\" on integer constant",
			   (int)(end - t->text - 1), t->text + 1);
		return r;
	}
	/* Suffix: u, l, ll in any order of u and l/ll, either case (ll not lL). */
	size_t sl = (size_t)(end - s);
	unsigned u = 0, l = 0;
	const char *q = s;

	while (q < end) {
		if ((*q == 'u' || *q == 'U') && !u) {
			u = 1;
			q++;
		} else if ((*q == 'l' || *q == 'L') && !l) {
			l = 1;
			if (q + 1 < end && q[1] == *q) {
				l = 2;
				q++;
			}
			q++;
		} else {
			break;
		}
	}
	if (q != end) {
		expr_error(e, t, "invalid suffix \"%.*s\" on integer constant", (int)sl, s);
		return r;
	}
	if (overflow)
		warning_at(e->p, t, "integer constant is too large for its type");
	r.v = v;
	r.uns = u || v > INT64_MAX;
	if (!u && v > INT64_MAX && base == 10 && !overflow)
		warning_at(e->p, t, "integer constant is so large that it is unsigned");
	return r;
}

/* A character constant's value, as gcc computes it for x86 (char is signed). */
static struct val parse_char(struct expr *e, const struct tok *t)
{
	const char *s = t->text, *end = t->text + t->len - 1;
	struct val r = { 0, false };
	int width = 8;
	unsigned nchars = 0;
	uint64_t v = 0, c = 0;
	bool wide = false;

	if (*s == 'L') {
		wide = true;	/* wchar_t: int on Linux */
		width = 32;
		s++;
	}
	s++;	/* the quote */
	while (s < end) {
		if (*s == '\\' && s + 1 < end) {
			s++;
			switch (*s) {
			case 'n': c = '\n'; s++; break;
			case 't': c = '\t'; s++; break;
			case 'r': c = '\r'; s++; break;
			case 'a': c = 7; s++; break;
			case 'b': c = 8; s++; break;
			case 'f': c = 12; s++; break;
			case 'v': c = 11; s++; break;
			case 'e': case 'E': c = 27; s++; break;
			case 'x':
				s++;
				c = 0;
				while (s < end && hexval((unsigned char)*s) >= 0)
					c = (c << 4) | (unsigned)hexval((unsigned char)*s++);
				break;
			case 'u': case 'U': {
				int digits = *s == 'u' ? 4 : 8;

				s++;
				c = 0;
				while (digits-- && s < end && hexval((unsigned char)*s) >= 0)
					c = (c << 4) | (unsigned)hexval((unsigned char)*s++);
				break;
			}
			default:
				if (*s >= '0' && *s <= '7') {
					c = 0;
					for (int k = 0; k < 3 && s < end && *s >= '0' && *s <= '7';
					     k++)
						c = c * 8 + (unsigned)(*s++ - '0');
				} else {
					if (!strchr("\\'\"?", *s))
						warning_at(e->p, t,
							   "unknown escape sequence: '\\%c'", *s);
					c = (unsigned char)*s++;
				}
			}
		} else {
			c = (unsigned char)*s++;
		}
		c &= width == 64 ? UINT64_MAX : ((uint64_t)1 << width) - 1;
		nchars++;
		v = wide ? c : ((v << 8) | c);
	}
	if (!nchars) {
		expr_error(e, t, "empty character constant");
		return r;
	}
	if (nchars > 1) {
		if (wide || nchars > 4)
			warning_at(e->p, t, "character constant too long for its type");
		else
			warning_at(e->p, t, "multi-character character constant");
	}
	if (!wide && nchars == 1) {
		/* plain char is signed */
		v = (v & 0x80) ? (v | ~(uint64_t)0xff) : v;
	} else {
		v &= 0xffffffffu;
		v = (v & 0x80000000u) ? (v | ~(uint64_t)0xffffffffu) : v;
	}
	r.v = v;
	r.uns = false;	/* promoted to int / intmax_t */
	return r;
}

static struct val parse_comma(struct expr *e);
static struct val parse_cond(struct expr *e);

static const char *tok_text(const struct tok *t, char *buf, size_t n)
{
	snprintf(buf, n, "%.*s", (int)(t->len > 200 ? 200 : t->len), t->text);
	return buf;
}

static struct val parse_unary(struct expr *e)
{
	struct val r = { 0, false }, v;
	const struct tok *t = peek(e);
	char b[256];

	if (e->err)
		return r;
	if (++e->depth > CPP_MAX_EXPR_DEPTH) {
		expr_error(e, t, "#if expression nested deeper than %d", CPP_MAX_EXPR_DEPTH);
		return r;
	}
	if (is_eol(t)) {
		if (e->i == 0)
			expr_error(e, e->dir, "#%.*s with no expression", (int)e->dir->len,
				   e->dir->text);
		else
			expr_error(e, &e->t[e->i - 1], "operator '%s' has no right operand",
				   tok_text(&e->t[e->i - 1], b, sizeof(b)));
		goto out;
	}
	e->i++;
	switch (t->type) {
	case T_NUMBER:
		r = parse_number(e, t);
		goto out;
	case T_CHAR:
		r = parse_char(e, t);
		goto out;
	case T_NAME:
		r.v = 0;	/* an identifier that is not a macro */
		goto out;
	case T_PUNCT:
		switch (t->op) {
		case P_LPAREN:
			if (tok_is(peek(e), P_RPAREN)) {
				expr_error(e, t, "missing expression between '(' and ')'");
				goto out;
			}
			r = parse_comma(e);
			if (!tok_is(peek(e), P_RPAREN)) {
				if (!e->err)
					expr_error(e, t, "missing ')' in expression");
				goto out;
			}
			e->i++;
			goto out;
		case P_PLUS:
			r = parse_unary(e);
			goto out;
		case P_MINUS:
			v = parse_unary(e);
			r.uns = v.uns;
			r.v = 0 - v.v;
			if (!v.uns && v.v == (uint64_t)1 << 63 && !e->skip)
				warning_at(e->p, t, "integer overflow in preprocessor expression");
			goto out;
		case P_COMPL:
			v = parse_unary(e);
			r.uns = v.uns;
			r.v = ~v.v;
			goto out;
		case P_NOT:
			v = parse_unary(e);
			r.v = !v.v;
			goto out;
		default:
			break;
		}
		break;
	default:
		break;
	}
	if (t->type == T_STRING || t->type == T_OTHER || t->type == T_PUNCT)
		expr_error(e, t, "token \"%s\" is not valid in preprocessor expressions",
			   tok_text(t, b, sizeof(b)));
	else
		expr_error(e, t, "unexpected token \"%s\" in #if", tok_text(t, b, sizeof(b)));
out:
	e->depth--;
	return r;
}

/* Tokens an #if expression may hold (after defined and __has_include are resolved). */
static bool valid_in_if(const struct tok *t)
{
	if (t->type == T_NUMBER || t->type == T_CHAR || t->type == T_NAME)
		return true;
	if (t->type != T_PUNCT)
		return false;
	switch (t->op) {
	case P_PLUS: case P_MINUS: case P_MUL: case P_DIV: case P_MOD: case P_LSHIFT:
	case P_RSHIFT: case P_LT: case P_GT: case P_LE: case P_GE: case P_EQEQ: case P_NE:
	case P_AND: case P_XOR: case P_OR: case P_ANDAND: case P_OROR: case P_QUERY:
	case P_COLON: case P_NOT: case P_COMPL: case P_LPAREN: case P_RPAREN: case P_COMMA:
		return true;
	default:
		return false;
	}
}

static int binprec(const struct tok *t)
{
	if (t->type != T_PUNCT)
		return 0;
	switch (t->op) {
	case P_OROR: return 1;
	case P_ANDAND: return 2;
	case P_OR: return 3;
	case P_XOR: return 4;
	case P_AND: return 5;
	case P_EQEQ: case P_NE: return 6;
	case P_LT: case P_GT: case P_LE: case P_GE: return 7;
	case P_LSHIFT: case P_RSHIFT: return 8;
	case P_PLUS: case P_MINUS: return 9;
	case P_MUL: case P_DIV: case P_MOD: return 10;
	default: return 0;
	}
}

static bool neg(struct val v)
{
	return !v.uns && (v.v >> 63);
}

static uint64_t shift_left(uint64_t v, uint64_t n)
{
	return n >= 64 ? 0 : v << n;
}

static uint64_t shift_right(struct val v, uint64_t n)
{
	if (n >= 64)
		return neg(v) ? UINT64_MAX : 0;
	if (neg(v))
		return ~(~v.v >> n);
	return v.v >> n;
}

static struct val apply(struct expr *e, const struct tok *op, struct val a, struct val b)
{
	struct val r = { 0, a.uns || b.uns };
	bool ovf = false;

	switch (op->op) {
	case P_MUL:
		r.v = a.v * b.v;
		if (!r.uns && a.v && b.v) {
			int64_t x = (int64_t)a.v, y = (int64_t)b.v, z;

			ovf = __builtin_mul_overflow(x, y, &z);
		}
		break;
	case P_DIV:
	case P_MOD:
		if (!b.v) {
			if (!e->skip)
				expr_error(e, op, "division by zero in #if");
			return r;
		}
		if (r.uns) {
			r.v = op->op == P_DIV ? a.v / b.v : a.v % b.v;
		} else if (a.v == (uint64_t)1 << 63 && b.v == UINT64_MAX) {
			r.v = op->op == P_DIV ? a.v : 0;
			ovf = op->op == P_DIV;
		} else {
			int64_t x = (int64_t)a.v, y = (int64_t)b.v;

			r.v = (uint64_t)(op->op == P_DIV ? x / y : x % y);
		}
		break;
	case P_PLUS:
		r.v = a.v + b.v;
		ovf = !r.uns && !neg(a) == !neg(b) && neg(r) != neg(a);
		break;
	case P_MINUS:
		r.v = a.v - b.v;
		ovf = !r.uns && neg(a) != neg(b) && neg(r) != neg(a);
		break;
	case P_LSHIFT:
	case P_RSHIFT: {
		/* The result has the left operand's type; a negative count shifts the other way. */
		bool left = op->op == P_LSHIFT;
		uint64_t n = b.v;

		if (neg(b)) {
			left = !left;
			n = 0 - b.v;
		}
		r.uns = a.uns;
		r.v = left ? shift_left(a.v, n) : shift_right(a, n);
		if (left && !a.uns && shift_right(r, n) != a.v)
			ovf = true;
		break;
	}
	case P_LT: case P_GT: case P_LE: case P_GE: {
		bool lt, eq = a.v == b.v;

		if (r.uns)
			lt = a.v < b.v;
		else
			lt = (int64_t)a.v < (int64_t)b.v;
		r.v = op->op == P_LT ? lt : op->op == P_GT ? (!lt && !eq) :
		      op->op == P_LE ? (lt || eq) : !lt;
		r.uns = false;
		break;
	}
	case P_EQEQ:
		r.v = a.v == b.v;
		r.uns = false;
		break;
	case P_NE:
		r.v = a.v != b.v;
		r.uns = false;
		break;
	case P_AND:
		r.v = a.v & b.v;
		break;
	case P_XOR:
		r.v = a.v ^ b.v;
		break;
	case P_OR:
		r.v = a.v | b.v;
		break;
	default:
		break;
	}
	if (ovf && !e->skip)
		warning_at(e->p, op, "integer overflow in preprocessor expression");
	return r;
}

static struct val parse_binary(struct expr *e, int minprec)
{
	struct val a = parse_unary(e);

	for (;;) {
		const struct tok *op = peek(e);
		int prec = binprec(op);

		if (e->err || !prec || prec < minprec)
			return a;
		e->i++;
		if (op->op == P_ANDAND || op->op == P_OROR) {
			bool short_circuit = op->op == P_ANDAND ? !a.v : !!a.v;
			struct val b;

			e->skip += short_circuit;
			b = parse_binary(e, prec + 1);
			e->skip -= short_circuit;
			a.v = op->op == P_ANDAND ? (a.v && b.v) : (a.v || b.v);
			a.uns = false;
		} else {
			struct val b = parse_binary(e, prec + 1);

			a = apply(e, op, a, b);
		}
	}
}

static struct val parse_cond(struct expr *e)
{
	struct val c, x, y, r;
	const struct tok *q;

	if (++e->depth > CPP_MAX_EXPR_DEPTH) {
		expr_error(e, peek(e), "#if expression nested deeper than %d", CPP_MAX_EXPR_DEPTH);
		e->depth--;
		return (struct val){ 0, false };
	}
	c = parse_binary(e, 1);
	q = peek(e);
	e->depth--;
	if (e->err || !tok_is(q, P_QUERY))
		return c;
	e->depth++;
	e->i++;
	e->skip += !c.v;
	x = parse_comma(e);
	e->skip -= !c.v;
	if (!tok_is(peek(e), P_COLON)) {
		expr_error(e, q, "'?' without following ':'");
		e->depth--;
		return c;
	}
	e->i++;
	e->skip += !!c.v;
	y = parse_cond(e);
	e->skip -= !!c.v;
	e->depth--;
	r = c.v ? x : y;
	r.uns = x.uns || y.uns;
	return r;
}

static struct val parse_comma(struct expr *e)
{
	struct val v = parse_cond(e);

	while (!e->err && tok_is(peek(e), P_COMMA)) {
		e->i++;
		v = parse_cond(e);
	}
	return v;
}

static const struct tok one_tok = { .text = "1", .len = 1, .type = T_NUMBER };
static const struct tok zero_tok = { .text = "0", .len = 1, .type = T_NUMBER };

/*
 * The file name of a header operand that starts with @first: "file",
 * <file> lexed as one, or < tokens > from macros.  HDR_NONE: not a header
 * name; HDR_ERROR: reported.
 */
int cpp_header_name(struct cpp *p, const struct tok *first, bool *angled, char **name)
{
	struct strbuf sb;
	struct tok t;

	*name = NULL;
	if ((first->type == T_STRING && !(first->flags & F_PREFIX)) || first->type == T_HEADER) {
		*angled = first->type == T_HEADER;
		*name = arena_strndup(&p->a, first->text + 1, first->len - 2);
		if (!*name) {
			cpp_oom(p);
			return HDR_ERROR;
		}
		return HDR_OK;
	}
	if (!tok_is(first, P_LT))
		return HDR_NONE;
	*angled = true;
	sb_init(&sb);
	for (;;) {
		cpp_get_token(p, &t);
		if (t.type == T_PADDING)
			continue;
		if (is_eol(&t) || tok_is(&t, P_GT) || p->fatal)
			break;
		if ((t.flags & F_WHITE) && sb.len)
			sb_putc(&sb, ' ');
		cpp_spell(&sb, &t);
	}
	if (!tok_is(&t, P_GT)) {
		if (t.type == T_EOL)
			cpp_backup(p, &t);
		if (!p->fatal)
			error_at(p, first, "missing terminating > character");
		sb_free(&sb);
		return HDR_ERROR;
	}
	*name = arena_strndup(&p->a, sb_cstr(&sb), sb.len);
	sb_free(&sb);
	if (!*name) {
		cpp_oom(p);
		return HDR_ERROR;
	}
	return HDR_OK;
}

/* __has_include ( header ) in #if; false after an error. */
static bool has_include(struct cpp *p, const struct tok *op, bool next, bool *err)
{
	struct tok t;
	bool angled;
	char *name;
	int dir_idx, r;

	*err = true;
	cpp_get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		error_at(p, op, "missing '(' before \"%.*s\" operand", (int)op->len, op->text);
		return false;
	}
	cpp_get_token_nopad(p, &t);
	r = cpp_header_name(p, &t, &angled, &name);
	if (r == HDR_NONE)
		error_at(p, op, "operator \"%.*s\" requires a header-name", (int)op->len, op->text);
	if (r != HDR_OK)
		return false;
	cpp_get_token_nopad(p, &t);
	if (!tok_is(&t, P_RPAREN)) {
		error_at(p, op, "missing ')' after \"%.*s\" operand", (int)op->len, op->text);
		return false;
	}
	*err = false;
	if (next && p->buf->is_main)
		next = false;
	return *name && cpp_find_include(p, name, angled, next, op, &dir_idx);
}

/*
 * #pred or #pred(answer) in #if (after @hash): gcc's deprecated assertions.
 * #assert is not supported, so no predicate is ever asserted: the value is 0.
 */
static bool assertion(struct cpp *p, const struct tok *hash)
{
	struct tok t;
	int depth = 0;

	p->prevent_expansion++;
	cpp_get_token_nopad(p, &t);
	if (t.type != T_NAME) {
		p->prevent_expansion--;
		error_at(p, hash, "assertion without predicate");
		return false;
	}
	warning_at(p, hash, "assertions are a deprecated extension");
	cpp_get_token_nopad(p, &t);
	if (!tok_is(&t, P_LPAREN)) {
		cpp_backup(p, &t);
		p->prevent_expansion--;
		return true;
	}
	for (;;) {
		cpp_get_token_nopad(p, &t);
		if (is_eol(&t) || p->fatal) {
			if (t.type == T_EOL)
				cpp_backup(p, &t);
			p->prevent_expansion--;
			error_at(p, hash, "missing ')' to complete answer");
			return false;
		}
		if (tok_is(&t, P_LPAREN))
			depth++;
		else if (tok_is(&t, P_RPAREN) && depth-- == 0)
			break;
	}
	p->prevent_expansion--;
	return true;
}

/* Read a macro-expanded #if / #elif line, resolve defined and __has_include, evaluate it. */
bool cpp_eval_if(struct cpp *p, const struct tok *dir)
{
	struct tokvec v = { 0 };
	struct expr e = { .p = p, .dir = dir };
	struct val r;
	struct tok t;

	for (;;) {
		cpp_get_token(p, &t);
		if (p->fatal || is_eol(&t))
			break;
		if (t.type == T_PADDING)
			continue;
		if (t.type == T_NAME && tok_eq(&t, "defined")) {
			struct tok n, op = t;
			bool paren;

			p->prevent_expansion++;
			cpp_get_token_nopad(p, &n);
			paren = tok_is(&n, P_LPAREN);
			if (paren)
				cpp_get_token_nopad(p, &n);
			if (n.type != T_NAME) {
				error_at(p, &op, "operator \"defined\" requires an identifier");
				p->prevent_expansion--;
				goto fail;
			}
			struct macro *m = cpp_lookup(p, &n);

			t = m ? one_tok : zero_tok;
			t.sf = n.sf;
			t.line = n.line;
			t.col = n.col;
			if (paren) {
				struct tok c;

				cpp_get_token_nopad(p, &c);
				if (!tok_is(&c, P_RPAREN)) {
					error_at(p, &op, "missing ')' after \"defined\"");
					p->prevent_expansion--;
					goto fail;
				}
			}
			p->prevent_expansion--;
		} else if (tok_is(&t, P_HASH)) {
			/* An assertion test, #pred or #pred(answer): gcc's deprecated extension. */
			if (!assertion(p, &t))
				goto fail;
			struct tok pos = t;

			t = zero_tok;
			t.sf = pos.sf;
			t.line = pos.line;
			t.col = pos.col;
		} else if (t.type == T_NAME &&
			   (tok_eq(&t, "__has_include") || tok_eq(&t, "__has_include_next"))) {
			bool err, found = has_include(p, &t, t.len > 13, &err);
			struct tok pos = t;

			if (err)
				goto fail;
			t = found ? one_tok : zero_tok;
			t.sf = pos.sf;
			t.line = pos.line;
			t.col = pos.col;
		}
		if (!cpp_vec_push(p, &v, &t))
			goto fail;
	}
	if (p->fatal)
		goto fail;
	e.t = v.v;
	e.n = v.n;
	r = parse_comma(&e);
	if (!e.err && e.i < e.n) {
		char b[256];

		if (!valid_in_if(&e.t[e.i]))
			expr_error(&e, &e.t[e.i],
				   "token \"%s\" is not valid in preprocessor expressions",
				   tok_text(&e.t[e.i], b, sizeof(b)));
		else if (tok_is(&e.t[e.i], P_COLON))
			expr_error(&e, &e.t[e.i], "':' without preceding '?'");
		else if (tok_is(&e.t[e.i], P_RPAREN))
			expr_error(&e, &e.t[e.i], "missing '(' in expression");
		else
			expr_error(&e, &e.t[e.i], "missing binary operator before token \"%s\"",
				   tok_text(&e.t[e.i], b, sizeof(b)));
	}
	cpp_vec_free(p, &v);
	return !e.err && r.v;
fail:
	cpp_vec_free(p, &v);
	return false;
}

