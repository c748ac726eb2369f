// SPDX-License-Identifier: BSD-2-Clause
/*
 * dts-parse.c - the DTS grammar (dtc-parser.y by recursive descent), property
 * values, integer expressions, labels and tree building (dtc's livetree.c).
 */
#include "dts-private.h"

/* ---- syntax errors ------------------------------------------------ */

static const char *const tok_names[] = {
	[T_EOF - 256] = "end of input",
	[T_ERROR - 256] = "invalid token",
	[T_V1 - 256] = "'/dts-v1/'",
	[T_PLUGIN - 256] = "'/plugin/'",
	[T_MEMRESERVE - 256] = "'/memreserve/'",
	[T_BITS - 256] = "'/bits/'",
	[T_DEL_PROP - 256] = "'/delete-property/'",
	[T_DEL_NODE - 256] = "'/delete-node/'",
	[T_OMIT - 256] = "'/omit-if-no-ref/'",
	[T_INCBIN - 256] = "'/incbin/'",
	[T_LSHIFT - 256] = "'<<'",
	[T_RSHIFT - 256] = "'>>'",
	[T_LE - 256] = "'<='",
	[T_GE - 256] = "'>='",
	[T_EQ - 256] = "'=='",
	[T_NE - 256] = "'!='",
	[T_AND - 256] = "'&&'",
	[T_OR - 256] = "'||'",
};

/* "label 'foo:'", "'}'", ...; in the arena (messages are rare). */
static const char *describe(struct parser *p, const struct token *tk)
{
	int len = tk->len > 40 ? 40 : (int)tk->len;
	const char *more = tk->len > 40 ? "..." : "";

	switch (tk->type) {
	case T_LABEL:
		return arena_printf(&p->t->arena, "label '%.*s'", len, tk->text);
	case T_LITERAL:
		return arena_printf(&p->t->arena, "number '%.*s'", len, tk->text);
	case T_CHAR:
		return arena_printf(&p->t->arena, "character literal %.*s%s", len, tk->text, more);
	case T_LABEL_REF:
	case T_PATH_REF:
		return arena_printf(&p->t->arena, "reference '%.*s%s'", len, tk->text, more);
	case T_BYTE:
		return arena_printf(&p->t->arena, "byte '%.*s'", len, tk->text);
	case T_NAME:
		return arena_printf(&p->t->arena, "name '%.*s%s'", len, tk->text, more);
	case T_STRING:
		return arena_printf(&p->t->arena, "string %.*s%s", len, tk->text, more);
	case T_WORD:
		return arena_printf(&p->t->arena, "'%.*s%s'", len, tk->text, more);
	default:
		if (tk->type >= 256)
			return tok_names[tk->type - 256];
		if (tk->type > ' ' && tk->type < 127)
			return arena_printf(&p->t->arena, "'%c'", tk->type);
		return arena_printf(&p->t->arena, "character 0x%02x", (unsigned)tk->type);
	}
}

static void syntax_error(struct parser *p, const char *expected)
{
	const struct token *tk = dts_peek(p, 0);

	p->serr = true;
	/*
	 * Not again for a token already reported, nor after a limit; lexical
	 * errors were reported, and an input they swallowed ends early.
	 */
	if (p->fatal || tk->type == T_ERROR || (tk->type == T_EOF && p->input_lost) ||
	    tk->text == p->last_err)
		return;
	p->last_err = tk->text;
	p->syntax_errors++;
	const char *what = need(p, (void *)describe(p, tk));

	dts_error_at(p, &tk->pos, RULE_SYNTAX, "syntax error: unexpected %s; expected %s", what,
		     expected);
	if (p->syntax_errors >= MAX_SYNTAX_ERRORS && !p->fatal) {
		dts_error_at(p, &tk->pos, RULE_SYNTAX, "too many errors, giving up");
		p->fatal = true;
	}
}

/* Consume a token of @type, or report a syntax error. */
static bool expect(struct parser *p, int type, const char *expected)
{
	if (p->serr)
		return false;
	if (dts_peek_type(p) != type) {
		syntax_error(p, expected);
		return false;
	}
	dts_next(p);
	return true;
}

/*
 * After a syntax error: skip to just after the next ';' of this level, or to
 * the '}' that closes it (left for the caller), or to the end.  At the top
 * level (@top) no '}' closes anything: a stray one is skipped too.
 */
static void recover(struct parser *p, bool top)
{
	unsigned depth = 0;

	p->serr = false;
	for (;;) {
		int type = dts_peek_type(p);

		if (type == T_EOF)
			return;
		if (type == '}' && depth == 0 && !top)
			return;
		dts_next(p);
		if (type == '{')
			depth++;
		else if (type == '}' && depth)
			depth--;
		else if (type == ';' && depth == 0)
			return;
	}
}

/* ---- values ------------------------------------------------------- */

static void v_reset(struct parser *p)
{
	p->vlen = 0;
	p->mhead = NULL;
	p->mtail = &p->mhead;
}

static uint8_t *v_grow(struct parser *p, size_t n)
{
	if (n > UINT32_MAX - p->vlen) {
		/* Property values are at most 4 GiB in an FDT. */
		oom(p);
	}
	if (p->vlen + n > p->vcap) {
		size_t cap = p->vcap ? p->vcap : 256;

		while (cap < p->vlen + n)
			cap *= 2;
		uint8_t *nb = realloc(p->vbuf, cap);

		if (!nb)
			oom(p);
		p->vbuf = nb;
		p->vcap = cap;
	}
	uint8_t *at = p->vbuf + p->vlen;

	p->vlen += n;
	return at;
}

static void v_marker(struct parser *p, enum dt_marker_type type, const char *ref, size_t rlen,
		     const struct pos *ps)
{
	struct dt_marker *m = alloc(p, sizeof(*m));

	m->type = type;
	m->offset = (uint32_t)p->vlen;
	m->ref = ref ? strndup_a(p, ref, rlen) : NULL;
	m->loc = dts_loc_of(p, ps);
	*p->mtail = m;
	p->mtail = &m->next;
}

static void v_int(struct parser *p, uint64_t v, unsigned bits)
{
	uint8_t *at = v_grow(p, bits / 8);

	for (unsigned i = bits / 8; i-- > 0; v >>= 8)
		at[i] = (uint8_t)v;
}

/* ---- integer expressions ------------------------------------------ */

static uint64_t parse_expr(struct parser *p);

/* integer_prim: a literal, a character or a parenthesised expression. */
static uint64_t parse_prim(struct parser *p)
{
	const struct token *tk = dts_peek(p, 0);
	uint64_t v;

	if (p->serr)
		return 0;
	switch (tk->type) {
	case T_LITERAL:
	case T_CHAR:
		return dts_next(p).val;
	case '(':
		dts_next(p);
		v = parse_expr(p);
		expect(p, ')', "')'");
		return v;
	default:
		syntax_error(p, "a number, a character literal or '('");
		return 0;
	}
}

static uint64_t parse_unary(struct parser *p)
{
	int ops[64];
	unsigned n = 0;
	uint64_t v;

	/* Iterative: a run of prefix operators does not recurse. */
	for (;;) {
		int type = dts_peek_type(p);

		if (type != '-' && type != '~' && type != '!')
			break;
		dts_next(p);
		if (n == ARRAY_SIZE(ops)) {
			dts_error_at(p, &p->prev.pos, RULE_SYNTAX,
				     "expression nested too deeply (more than %u levels)",
				     (unsigned)ARRAY_SIZE(ops));
			p->fatal = p->serr = true;
			return 0;
		}
		ops[n++] = type;
	}
	v = parse_prim(p);
	while (n--)
		v = ops[n] == '-' ? -v : ops[n] == '~' ? ~v : !v;
	return v;
}

/* Binary operators by precedence, lowest first, as dtc-parser.y's integer_* rules. */
static int binary_prec(int type)
{
	switch (type) {
	case T_OR: return 1;
	case T_AND: return 2;
	case '|': return 3;
	case '^': return 4;
	case '&': return 5;
	case T_EQ: case T_NE: return 6;
	case '<': case '>': case T_LE: case T_GE: return 7;
	case T_LSHIFT: case T_RSHIFT: return 8;
	case '+': case '-': return 9;
	case '*': case '/': case '%': return 10;
	default: return 0;
	}
}

static uint64_t parse_binary(struct parser *p, int min_prec)
{
	struct pos start = dts_peek(p, 0)->pos;
	uint64_t a = parse_unary(p);

	for (;;) {
		if (p->serr)
			return 0;
		int op = dts_peek_type(p), prec = binary_prec(op);

		if (!prec || prec < min_prec)
			return a;
		dts_next(p);
		uint64_t b = parse_binary(p, prec + 1);

		switch (op) {
		case T_OR: a = a || b; break;
		case T_AND: a = a && b; break;
		case '|': a |= b; break;
		case '^': a ^= b; break;
		case '&': a &= b; break;
		case T_EQ: a = a == b; break;
		case T_NE: a = a != b; break;
		case '<': a = a < b; break;
		case '>': a = a > b; break;
		case T_LE: a = a <= b; break;
		case T_GE: a = a >= b; break;
		case T_LSHIFT: a = b < 64 ? a << b : 0; break;
		case T_RSHIFT: a = b < 64 ? a >> b : 0; break;
		case '+': a += b; break;
		case '-': a -= b; break;
		case '*': a *= b; break;
		default:
			if (b == 0) {
				if (!p->serr)
					dts_error_at(p, &start, RULE_SEMANTIC, "division by zero");
				a = 0;
			} else {
				a = op == '/' ? a / b : a % b;
			}
		}
	}
}

/* integer_expr: a ?: b : c, right-associative, over the binary operators. */
static uint64_t parse_expr(struct parser *p)
{
	struct pos at = p->prev.pos;	/* the '(', '?' or ':' that opens it */

	if (++p->edepth > MAX_EXPR_DEPTH) {
		dts_error_at(p, &at, RULE_SYNTAX, "expression nested too deeply (more than %u levels)",
			     MAX_EXPR_DEPTH);
		p->fatal = p->serr = true;
		p->edepth--;
		return 0;
	}
	uint64_t c = parse_binary(p, 1);

	if (!p->serr && dts_peek_type(p) == '?') {
		dts_next(p);
		uint64_t a = parse_expr(p);

		expect(p, ':', "':'");
		uint64_t b = parse_expr(p);

		c = c ? a : b;
	}
	p->edepth--;
	return c;
}

/* ---- property values ---------------------------------------------- */

static void value_labels(struct parser *p)
{
	while (!p->serr && dts_peek_type(p) == T_LABEL) {
		struct token tk = dts_next(p);

		v_marker(p, DT_M_LABEL, tk.s, tk.slen, &tk.pos);
	}
}

static void parse_string(struct parser *p)
{
	struct token tk = dts_next(p);
	bool bad_hex = false;

	v_marker(p, DT_M_STRING, NULL, 0, &tk.pos);
	/* Reserve the escaped length, then give back what unescaping saved. */
	size_t at = p->vlen;
	uint8_t *out = v_grow(p, tk.slen + 1);
	size_t n = dts_unescape_all(tk.s, tk.slen, out, &bad_hex);

	out[n] = 0;
	p->vlen = at + n + 1;
	if (bad_hex)
		dts_error_at(p, &tk.pos, RULE_SYNTAX, "\\x used with no following hex digits");
}

/* [/bits/ N] < cells, references, labels > */
static void parse_cells(struct parser *p)
{
	static const enum dt_marker_type types[] = { DT_M_U8, DT_M_U16, DT_M_U32, DT_M_U64 };
	unsigned bits = 32;
	struct pos start = dts_peek(p, 0)->pos;

	if (dts_peek_type(p) == T_BITS) {
		dts_next(p);
		if (dts_peek_type(p) != T_LITERAL) {
			syntax_error(p, "the element size in bits");
			return;
		}
		struct token n = dts_next(p);

		if (n.val == 8 || n.val == 16 || n.val == 32 || n.val == 64)
			bits = (unsigned)n.val;
		else
			dts_error_at(p, &n.pos, RULE_SEMANTIC,
				     "array elements must be 8, 16, 32 or 64-bits");
	}
	if (!expect(p, '<', "'<'"))
		return;
	v_marker(p, types[bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3], NULL, 0, &start);
	for (;;) {
		if (p->serr)
			return;
		const struct token *tk = dts_peek(p, 0);

		switch (tk->type) {
		case '>':
			dts_next(p);
			return;
		case T_LABEL:
			value_labels(p);
			break;
		case T_LABEL_REF:
		case T_PATH_REF: {
			struct token r = dts_next(p);

			if (bits == 32)
				v_marker(p, DT_M_REF_PHANDLE, r.s, r.slen, &r.pos);
			else
				dts_error_at(p, &r.pos, RULE_SEMANTIC,
					     "references are only allowed in arrays with 32-bit elements");
			v_int(p, ~0ull, bits);
			break;
		}
		case T_LITERAL:
		case T_CHAR:
		case '(': {
			struct pos at = tk->pos;
			uint64_t v = parse_prim(p);

			if (bits < 64) {
				uint64_t mask = (1ull << bits) - 1;

				/* Bits above the mask: all clear, or all set (a negative value). */
				if (v > mask && (v | mask) != ~0ull && !p->serr)
					dts_error_at(p, &at, RULE_SEMANTIC,
						     "value out of range for %u-bit array element", bits);
			}
			v_int(p, v, bits);
			break;
		}
		default:
			syntax_error(p, "a number, a reference, a label or '>'");
			return;
		}
	}
}

static void parse_bytes(struct parser *p)
{
	struct token open = dts_next(p);

	v_marker(p, DT_M_BYTES, NULL, 0, &open.pos);
	for (;;) {
		int type = dts_peek_type(p);

		if (type == T_BYTE) {
			*v_grow(p, 1) = (uint8_t)dts_next(p).val;
		} else if (type == T_LABEL) {
			value_labels(p);
		} else {
			expect(p, ']', "two hex digits, a label or ']'");
			return;
		}
	}
}

/* /incbin/("file") or /incbin/("file", offset, length) */
static void parse_incbin(struct parser *p)
{
	struct token kw = dts_next(p);

	if (!expect(p, '(', "'('"))
		return;
	if (dts_peek_type(p) != T_STRING) {
		syntax_error(p, "a file name");
		return;
	}
	struct token name = dts_next(p);
	uint64_t off = 0, len = UINT64_MAX;

	if (dts_peek_type(p) == ',') {
		dts_next(p);
		off = parse_prim(p);
		expect(p, ',', "','");
		len = parse_prim(p);
	}
	if (!expect(p, ')', "')'"))
		return;
	bool bad_hex = false;
	char *fname = alloc(p, name.slen + 1);
	size_t flen = dts_unescape_all(name.s, name.slen, (uint8_t *)fname, &bad_hex);
	const char *path;
	char *buf;
	size_t size;

	fname[flen] = '\0';
	v_marker(p, DT_M_BYTES, NULL, 0, &kw.pos);
	if (dts_read_relative(p, &name.pos, "open /incbin/ file", fname, strlen(fname), &path, &buf,
			      &size))
		return;
	/* As dtc: seek to @off, then read up to @len bytes. */
	size_t from = off < size ? (size_t)off : size;
	size_t n = size - from < len ? size - from : (size_t)len;

	if (n)
		memcpy(v_grow(p, n), buf + from, n);
	free(buf);
}

/* propdata: (labels value labels) separated by ','. */
static void parse_propdata(struct parser *p)
{
	for (;;) {
		value_labels(p);
		if (p->serr)
			return;
		const struct token *tk = dts_peek(p, 0);

		switch (tk->type) {
		case T_STRING:
			parse_string(p);
			break;
		case '<':
		case T_BITS:
			parse_cells(p);
			break;
		case '[':
			parse_bytes(p);
			break;
		case T_LABEL_REF:
		case T_PATH_REF: {
			struct token r = dts_next(p);

			/* The path is inserted once references are resolved. */
			v_marker(p, DT_M_STRING, r.s, r.slen, &r.pos);
			v_marker(p, DT_M_REF_PATH, r.s, r.slen, &r.pos);
			break;
		}
		case T_INCBIN:
			parse_incbin(p);
			break;
		default:
			syntax_error(p, "a string, '<', '[', a reference or '/incbin/'");
			return;
		}
		value_labels(p);
		if (p->serr || dts_peek_type(p) != ',')
			return;
		dts_next(p);
	}
}

/* ---- labels --------------------------------------------------------- */

static struct plabel *label_new(struct parser *p, const struct token *tk)
{
	struct plabel *l = alloc(p, sizeof(*l));

	l->l.name = strndup_a(p, tk->s, tk->slen);
	l->loc = dts_loc_of(p, &tk->pos);
	return l;
}

static bool has_label(const struct dt_label *list, const char *name)
{
	for (; list; list = list->next)
		if (strcmp(list->name, name) == 0)
			return true;
	return false;
}

/* dtc's add_label() on a node: prepend, unless the node has it already. */
static void node_add_label(struct parser *p, struct dt_node *n, struct plabel *l, bool pending)
{
	if (has_label(n->labels, l->l.name)) {
		l->dead = true;
		return;
	}
	l->l.next = n->labels;
	n->labels = &l->l;
	if (l->node) {		/* moved from a merged node: registered already */
		l->node = n;
		return;
	}
	l->node = n;
	l->pending = pending;
	size_t len = strlen(l->l.name);
	struct plabel *first = hmap_get_str(&p->labels, l->l.name, len);

	if (first) {
		while (first->same)
			first = first->same;
		first->same = l;
	} else if (hmap_put_str(&p->labels, l->l.name, len, l) < 0) {
		oom(p);
	}
	if (pending) {
		if (p->npending == p->cappending) {
			size_t cap = p->cappending ? p->cappending * 2 : 64;
			struct plabel **np = realloc(p->pending, cap * sizeof(*np));

			if (!np)
				oom(p);
			p->pending = np;
			p->cappending = cap;
		}
		p->pending[p->npending++] = l;
	}
}

static void prop_add_label(struct dt_property *prop, struct plabel *l)
{
	if (has_label(prop->labels, l->l.name))
		return;
	l->l.next = prop->labels;
	prop->labels = &l->l;
}

/* The element just parsed is in the tree now (@keep), or was dropped. */
void dts_settle_pending(struct parser *p, bool keep)
{
	for (size_t i = 0; i < p->npending; i++) {
		p->pending[i]->pending = false;
		if (!keep)
			p->pending[i]->dead = true;
	}
	p->npending = 0;
}

/*
 * dtc's get_node_by_ref(): "/", a path, a label on a live node of the tree,
 * or (dtc 1.7) a label followed by a path below its node.
 */
struct dt_node *dts_resolve(struct parser *p, const char *ref)
{
	if (ref[0] == '/') {
		if (!ref[1])
			return p->t->root;
		return dt_find_path(p->t, ref);
	}
	size_t len = strcspn(ref, "/");

	for (struct plabel *l = hmap_get_str(&p->labels, ref, len); l; l = l->same)
		if (!l->dead && !l->pending && !l->node->deleted)
			return ref[len] ? dt_find_path_from(l->node, ref + len) : l->node;
	return NULL;
}

/* ---- tree building (dtc's livetree.c) ------------------------------ */

static void kill_labels(struct dt_label **list)
{
	for (struct dt_label *l = *list; l; l = l->next)
		((struct plabel *)l)->dead = true;
	*list = NULL;
}

void dts_delete_prop(struct dt_property *prop)
{
	prop->deleted = true;
	kill_labels(&prop->labels);
}

/* The next node after @n in pre-order under @top, skipping deleted ones. */
struct dt_node *dts_walk_next(const struct dt_node *top, const struct dt_node *n)
{
	dt_for_each_child(n, c)
		return c;
	for (; n && n != top; n = n->parent)
		for (struct dt_node *s = n->next; s; s = s->next)
			if (!s->deleted)
				return s;
	return NULL;
}

/* dtc's delete_node(): the node, its live subtree, their properties and labels. */
void dts_delete_node(struct dt_node *top)
{
	for (struct dt_node *n = top, *dts_next; n; n = dts_next) {
		/* Before marking: the walk must still see @n's live children. */
		dts_next = dts_walk_next(top, n);
		dt_for_each_prop(n, prop)
			dts_delete_prop(prop);
		kill_labels(&n->labels);
		n->deleted = true;
	}
}

/* dtc's merge_nodes(): @new's labels, properties and children into @old. */
static void merge(struct parser *p, struct dt_node *old, struct dt_node *new)
{
	old->deleted = false;
	for (struct dt_label *l = new->labels, *dts_next; l; l = dts_next) {
		dts_next = l->next;
		node_add_label(p, old, (struct plabel *)l, false);
	}
	new->labels = NULL;

	for (struct dt_property *np = new->props, *dts_next; np; np = dts_next) {
		struct dt_property *op, **tail = &old->props;

		dts_next = np->next;
		np->next = NULL;
		for (op = old->props; op; tail = &op->next, op = op->next)
			if (strcmp(op->name, np->name) == 0)
				break;
		if (np->deleted) {
			/* The first of that name, deleted or not, as dtc. */
			if (op)
				dts_delete_prop(op);
			continue;
		}
		if (!op) {
			*tail = np;
			continue;
		}
		for (struct dt_label *l = np->labels, *ln; l; l = ln) {
			ln = l->next;
			prop_add_label(op, (struct plabel *)l);
		}
		op->val = np->val;
		op->len = np->len;
		op->markers = np->markers;
		op->loc = np->loc;
		op->deleted = false;
	}
	new->props = NULL;

	for (struct dt_node *nc = new->children, *dts_next; nc; nc = dts_next) {
		struct dt_node *oc, **tail = &old->children;

		dts_next = nc->next;
		nc->next = NULL;
		for (oc = old->children; oc; tail = &oc->next, oc = oc->next)
			if (strcmp(oc->name, nc->name) == 0)
				break;
		if (nc->deleted) {
			if (oc && !oc->deleted)
				dts_delete_node(oc);
			continue;
		}
		if (oc) {
			merge(p, oc, nc);
		} else {
			nc->parent = old;
			*tail = nc;
		}
	}
	new->children = NULL;
}

static struct dt_node *node_new(struct parser *p, const char *name, size_t len,
				const struct pos *ps)
{
	struct dt_node *n = alloc(p, sizeof(*n));

	n->name = strndup_a(p, name, len);
	n->loc = dts_loc_of(p, ps);
	return n;
}

/* Labels of an item, in source order; attached in reverse as dtc's reductions do. */
struct item_labels {
	struct plabel *first, *last;
};

static void take_label(struct parser *p, struct item_labels *il)
{
	struct token tk = dts_next(p);
	struct plabel *l = label_new(p, &tk);

	/* Chained through ->same until attached; a node label's chain is rebuilt then. */
	if (il->last)
		il->last->same = l;
	else
		il->first = l;
	il->last = l;
}

/*
 * Attach in reverse source order, as dtc's reductions do: each add_label()
 * prepends, so the list ends up in source order.
 */
static struct plabel *reverse_labels(struct plabel *l)
{
	struct plabel *r = NULL;

	while (l) {
		struct plabel *dts_next = l->same;

		l->same = r;
		r = l;
		l = dts_next;
	}
	return r;
}

static void attach_node_labels(struct parser *p, struct dt_node *n, struct plabel *l, bool pending)
{
	for (l = reverse_labels(l); l;) {
		struct plabel *dts_next = l->same;

		l->same = NULL;
		node_add_label(p, n, l, pending);
		l = dts_next;
	}
}

static void attach_prop_labels(struct dt_property *prop, struct plabel *l)
{
	for (l = reverse_labels(l); l;) {
		struct plabel *dts_next = l->same;

		l->same = NULL;
		prop_add_label(prop, l);
		l = dts_next;
	}
}

/* ---- the grammar ---------------------------------------------------- */

struct body {
	struct dt_node *node;
	struct dt_property **ptail;
	struct dt_node **ctail;
	bool seen_child;
};

static void add_child(struct body *b, struct dt_node *n)
{
	n->parent = b->node;
	*b->ctail = n;
	b->ctail = &n->next;
	b->seen_child = true;
}

static void add_prop(struct parser *p, struct body *b, const struct token *name,
		     struct plabel *labels, bool deleted)
{
	struct dt_property *prop = alloc(p, sizeof(*prop));

	if (b->seen_child)
		dts_error_at(p, &name->pos, RULE_SYNTAX, "properties must precede subnodes");
	prop->name = strndup_a(p, name->s, name->slen);
	prop->loc = dts_loc_of(p, &name->pos);
	prop->deleted = deleted;
	if (!deleted && p->vlen) {
		prop->val = alloc(p, p->vlen);
		memcpy(prop->val, p->vbuf, p->vlen);
		prop->len = (uint32_t)p->vlen;
	}
	if (!deleted)
		prop->markers = p->mhead;
	attach_prop_labels(prop, labels);
	*b->ptail = prop;
	b->ptail = &prop->next;
}

static struct dt_node *parse_nodedef(struct parser *p, const char *name, size_t len,
				     const struct pos *at);

/* One property or child node of a body, with its labels. */
static void parse_item(struct parser *p, struct body *b)
{
	struct item_labels il = { 0 };
	bool omit = false;

	for (;;) {
		int type = dts_peek_type(p);

		if (type == T_LABEL) {
			take_label(p, &il);
		} else if (type == T_OMIT) {
			dts_next(p);
			omit = true;
		} else {
			break;
		}
	}
	int type = dts_peek_type(p);

	if (type == T_DEL_PROP || type == T_DEL_NODE) {
		if (type == T_DEL_PROP && omit) {
			syntax_error(p, "a node");
			return;
		}
		dts_next(p);
		if (dts_peek_type(p) != T_NAME) {
			syntax_error(p, type == T_DEL_PROP ? "a property name" : "a node name");
			return;
		}
		struct token name = dts_next(p);

		if (!expect(p, ';', "';'"))
			return;
		if (type == T_DEL_PROP) {
			add_prop(p, b, &name, il.first, true);
			return;
		}
		struct dt_node *n = node_new(p, name.s, name.slen, &name.pos);

		n->deleted = true;
		n->omit_if_no_ref = omit;
		attach_node_labels(p, n, il.first, true);
		add_child(b, n);
		return;
	}
	if (type != T_NAME) {
		syntax_error(p, omit ? "a node" : "a property or a node");
		return;
	}
	int after = dts_peek(p, 1)->type;

	if (after == '{') {
		struct token name = dts_next(p);
		struct dt_node *n = parse_nodedef(p, name.s, name.slen, &name.pos);

		if (!n)
			return;
		n->omit_if_no_ref = omit;
		attach_node_labels(p, n, il.first, true);
		add_child(b, n);
		return;
	}
	struct token name = dts_next(p);

	if (omit || (after != '=' && after != ';')) {
		syntax_error(p, omit ? "'{'" : "'=', ';' or '{'");
		return;
	}
	v_reset(p);
	if (after == '=') {
		dts_next(p);
		parse_propdata(p);
	}
	if (expect(p, ';', "',' or ';'"))
		add_prop(p, b, &name, il.first, false);
}

/* '{' items '}' ';' - a node named @name. */
static struct dt_node *parse_nodedef(struct parser *p, const char *name, size_t len,
				     const struct pos *at)
{
	if (!expect(p, '{', "'{'"))
		return NULL;
	if (p->depth >= MAX_NODE_DEPTH) {
		dts_error_at(p, &p->prev.pos, RULE_SYNTAX, "nodes nested too deeply (more than %u levels)",
			     MAX_NODE_DEPTH);
		p->fatal = p->serr = true;
		return NULL;
	}
	p->depth++;

	struct dt_node *n = node_new(p, name, len, at);
	struct body b = { .node = n, .ptail = &n->props, .ctail = &n->children };

	while (!p->fatal) {
		int type = dts_peek_type(p);

		if (type == '}' || type == T_EOF)
			break;
		parse_item(p, &b);
		if (p->serr)
			recover(p, false);
	}
	p->depth--;
	if (expect(p, '}', "'}' or a property or node"))
		expect(p, ';', "';'");
	return n;
}

const char *dts_written_ref(struct parser *p, const char *ref)
{
	return need(p, ref[0] == '/' ? arena_printf(&p->t->arena, "&{%s}", ref)
				     : arena_printf(&p->t->arena, "&%s", ref));
}

static void add_orphan(struct parser *p, struct dt_node *n)
{
	struct dt_node **pp = &p->t->orphans;

	while (*pp)
		pp = &(*pp)->next;
	*pp = n;
}

struct dt_node *dts_empty_root(struct parser *p, const struct pos *at)
{
	return p->t->root = node_new(p, "", 0, at);
}

/* &ref { ... }; and lbl: &ref { ... }; */
static void parse_extension(struct parser *p, struct plabel *label, bool first)
{
	struct token ref = dts_next(p);
	struct dt_node *n = parse_nodedef(p, ref.s, ref.slen, &ref.pos);
	bool keep = false;

	/* A body whose closing "};" is wrong is still kept: the error is reported. */
	if (!n) {
		dts_settle_pending(p, false);
		return;
	}
	if (first) {
		dts_empty_root(p, &ref.pos);
		if (p->plugin) {
			add_orphan(p, n);
			keep = true;
		} else {
			dts_error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
				     dts_written_ref(p, n->name));
		}
		dts_settle_pending(p, keep);
		return;
	}
	/* A path extension in a plugin always targets the base tree, as in dtc. */
	struct dt_node *target = ref.type == T_PATH_REF && n->name[0] == '/' && p->plugin && !label
					 ? NULL : dts_resolve(p, n->name);

	if (target) {
		if (label)
			node_add_label(p, target, label, false);
		merge(p, target, n);
		keep = true;
	} else if (p->plugin && !label) {
		add_orphan(p, n);
		keep = true;
	} else {
		dts_error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
			     dts_written_ref(p, n->name));
	}
	dts_settle_pending(p, keep);
}

/* One element of the devicetree after the headers and /memreserve/s. */
static void parse_element(struct parser *p, bool first)
{
	const struct token *tk = dts_peek(p, 0);

	switch (tk->type) {
	case '/': {
		struct token slash = dts_next(p);
		struct dt_node *n = parse_nodedef(p, "", 0, &slash.pos);

		if (!n) {
			dts_settle_pending(p, false);
			return;
		}
		if (!p->t->root)
			p->t->root = n;
		else
			merge(p, p->t->root, n);
		dts_settle_pending(p, true);
		return;
	}
	case T_LABEL_REF:
	case T_PATH_REF:
		parse_extension(p, NULL, first);
		return;
	case T_LABEL: {
		if (first)
			break;
		struct token lt = dts_next(p);
		struct plabel *l = label_new(p, &lt);

		tk = dts_peek(p, 0);
		if (tk->type != T_LABEL_REF && tk->type != T_PATH_REF) {
			syntax_error(p, "a reference");
			return;
		}
		parse_extension(p, l, false);
		return;
	}
	case T_DEL_NODE:
	case T_OMIT: {
		if (first)
			break;
		int kw = dts_next(p).type;

		tk = dts_peek(p, 0);
		if (tk->type != T_LABEL_REF && tk->type != T_PATH_REF) {
			syntax_error(p, "a reference");
			return;
		}
		struct token ref = dts_next(p);

		if (!expect(p, ';', "';'"))
			return;
		const char *r = strndup_a(p, ref.s, ref.slen);
		struct dt_node *target = dts_resolve(p, r);

		if (!target)
			dts_error_at(p, &ref.pos, RULE_SEMANTIC, "label or path '%s' not found",
				     dts_written_ref(p, r));
		else if (kw == T_DEL_NODE)
			dts_delete_node(target);
		else
			target->omit_if_no_ref = true;
		return;
	}
	default:
		break;
	}
	syntax_error(p, first ? "'/' or a reference"
			      : "'/', a reference, '/delete-node/' or '/omit-if-no-ref/'");
}

static void parse_memreserve(struct parser *p, struct dt_reserve ***tail)
{
	struct item_labels il = { 0 };

	while (dts_peek_type(p) == T_LABEL)
		take_label(p, &il);
	if (!expect(p, T_MEMRESERVE, "'/memreserve/'"))
		return;
	uint64_t addr = parse_prim(p);
	uint64_t size = parse_prim(p);

	if (!expect(p, ';', "';'"))
		return;
	struct dt_reserve *r = alloc(p, sizeof(*r));

	r->address = addr;
	r->size = size;
	for (struct plabel *l = reverse_labels(il.first), *dts_next; l; l = dts_next) {
		dts_next = l->same;
		l->same = NULL;
		if (!has_label(r->labels, l->l.name)) {
			l->l.next = r->labels;
			r->labels = &l->l;
		}
	}
	**tail = r;
	*tail = &r->next;
}

void dts_parse_source(struct parser *p)
{
	unsigned flags0 = 0;
	bool first = true;

	/* headers: (/dts-v1/; [/plugin/;])+ */
	while (!p->fatal && dts_peek_type(p) == T_V1) {
		struct token v = dts_next(p);
		unsigned flags = 1;

		if (expect(p, ';', "';'") && dts_peek_type(p) == T_PLUGIN) {
			dts_next(p);
			if (expect(p, ';', "';'"))
				flags |= 2;
		}
		if (p->serr) {
			recover(p, true);
			continue;
		}
		if (first)
			flags0 = flags;
		else if (flags != flags0)
			dts_error_at(p, &v.pos, RULE_SYNTAX, "header flags don't match earlier ones");
		first = false;
	}
	if (first) {
		syntax_error(p, "'/dts-v1/'");
		return;
	}
	p->plugin = p->t->plugin = flags0 & 2;

	struct dt_reserve **rtail = &p->t->reserves;

	while (!p->fatal && (dts_peek_type(p) == T_LABEL || dts_peek_type(p) == T_MEMRESERVE)) {
		parse_memreserve(p, &rtail);
		if (p->serr)
			recover(p, true);
	}

	first = true;
	while (!p->fatal && dts_peek_type(p) != T_EOF) {
		parse_element(p, first);
		if (!p->serr) {
			first = false;
			continue;
		}
		recover(p, true);
	}
	if (first)
		syntax_error(p, "'/' or a reference");
}

