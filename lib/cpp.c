// SPDX-License-Identifier: BSD-2-Clause
/*
 * cpp.c - the C preprocessor as the kernel runs it on devicetree sources:
 * `cpp -nostdinc -undef -x assembler-with-cpp` (see cpp.h).
 *
 * The model is gcc's cpplib, because the output has to be token for token
 * what gcc produces, white space included where DTS cares (`foo-BAR`,
 * `&LABEL`, `<FOO>`):
 *
 *  - a lexer over a cleaned copy of each file (backslash-newlines removed,
 *    a table of where every physical line starts, so tokens keep their
 *    original line and column);
 *  - a stack of token contexts for macro expansion.  A macro is disabled
 *    while its context is on the stack; a name met while its macro is
 *    disabled is painted (F_NO_EXPAND) for good.  Arguments are collected
 *    unexpanded, pre-expanded on their own context ending in an EOF
 *    sentinel, substituted, and the result rescanned;
 *  - padding tokens that carry "was there white space before the thing that
 *    expanded here", and gcc's printer rules (print a space only for white
 *    space in the source or to keep two tokens from pasting);
 *  - in assembler-with-cpp mode a `#` that does not start a known directive
 *    is passed through (`#address-cells`), quotes that do not close on their
 *    line are one "other" token up to the end of the line (`don't`), `$` is
 *    not part of identifiers, and there are no digraphs.
 *
 * Output lines follow input lines: a token that starts a source line starts
 * an output line, indented as in the source, and gaps are filled with empty
 * lines (up to 8 lines in included files, always in the main file), so most
 * tokens stand at their source line and column.  out->map says where each
 * output line came from and, where an expansion of another length or
 * arguments across lines moved what follows, where each token came from: a
 * token from a file where it is written, a macro's output at the name of the
 * outermost macro invoked.
 */
#include "cpp-private.h"

/* ---- diagnostics ---------------------------------------------------- */
void cpp_oom(struct cpp *p)
{
	if (!p->fatal)
		p->fatal = -DTBIND_ENOMEM;
}

struct dtbind_loc cpp_file_loc(const struct cpp *p, const struct srcfile *sf, uint32_t line,
			       uint32_t col)
{
	const struct buffer *b = p->buf;

	if (!sf)
		return (struct dtbind_loc){ p->name, 0, 0 };
	if (b && b->sf == sf && b->line_set)
		return (struct dtbind_loc){ b->presumed ? b->presumed : sf->path,
					    (uint32_t)(line + b->line_delta), col };
	if (sf == p->main_sf && p->in_map)
		return srcmap_loc(p->in_map, p->name, line, col);
	return (struct dtbind_loc){ sf->path, line, col };
}

/* Where a token was written; for made-up tokens, the expansion it came from. */
struct dtbind_loc cpp_tok_loc(const struct cpp *p, const struct tok *t)
{
	if (t && t->sf && t->line && (t->flags & F_FILE))
		return cpp_file_loc(p, t->sf, t->line, t->col);
	if (p->exp_tok.sf)
		return cpp_file_loc(p, p->exp_tok.sf, p->exp_tok.line, p->exp_tok.col);
	if (t && t->sf && t->line)
		return cpp_file_loc(p, t->sf, t->line, t->col);
	return cpp_file_loc(p, p->last_tok.sf, p->last_tok.line, p->last_tok.col);
}

void cpp_report(struct cpp *p, enum dtbind_severity sev, struct dtbind_loc loc,
		const char *fmt, ...)
{
	va_list ap;

	if (sev == DTBIND_ERROR)
		p->errors++;
	if (!p->diag)
		return;
	va_start(ap, fmt);
	dtbind_diag_vreport(p->diag, sev, loc, sev == DTBIND_NOTE ? NULL : RULE, fmt, ap);
	va_end(ap);
}

/* A limit was hit: say where, once, and stop. */
void cpp_limit(struct cpp *p, const struct tok *t, const char *what, unsigned long max)
{
	if (p->fatal)
		return;
	error_at(p, t, "%s exceeds the limit of %lu", what, max);
	p->fatal = -DTBIND_ELIMIT;
}

const char *cpp_intern(struct cpp *p, const char *s)
{
	if (s == p->last_in)
		return p->last_out;
	size_t n = strlen(s);
	char *r = hmap_get_str(&p->names, s, n);

	if (!r) {
		r = arena_strndup(&p->out->names, s, n);
		if (!r || hmap_put_str(&p->names, r, n, r)) {
			cpp_oom(p);
			return "";
		}
	}
	p->last_in = s;
	p->last_out = r;
	return r;
}

bool cpp_vec_push(struct cpp *p, struct tokvec *v, const struct tok *t)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 16;
		struct tok *nv;

		if (p->live_tokens + (cap - v->cap) > CPP_MAX_LIVE_TOKENS) {
			cpp_limit(p, t, "macro expansion size (tokens)", CPP_MAX_LIVE_TOKENS);
			return false;
		}
		nv = realloc(v->v, cap * sizeof(*nv));
		if (!nv) {
			cpp_oom(p);
			return false;
		}
		p->live_tokens += cap - v->cap;
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = *t;
	return true;
}

void cpp_vec_free(struct cpp *p, struct tokvec *v)
{
	p->live_tokens -= v->cap;
	free(v->v);
	v->v = NULL;
	v->n = v->cap = 0;
}

/* ---- conditionals ----------------------------------------------------------- */
static void push_if(struct cpp *p, const struct tok *dir, const char *kind, bool skip)
{
	struct ifstate *s;

	if (p->n_ifs == p->cap_ifs) {
		size_t cap = p->cap_ifs ? p->cap_ifs * 2 : 16;
		struct ifstate *n = realloc(p->ifs, cap * sizeof(*n));

		if (!n) {
			cpp_oom(p);
			return;
		}
		p->ifs = n;
		p->cap_ifs = cap;
	}
	s = &p->ifs[p->n_ifs++];
	s->loc = cpp_tok_loc(p, dir);
	s->kind = kind;
	s->was_skipping = p->skipping;
	s->skip_elses = p->skipping || !skip;
	s->seen_else = false;
	p->skipping = p->skipping || skip;
}

static void do_if(struct cpp *p, const struct tok *dir, const char *kind)
{
	bool skip = true;

	if (!p->skipping) {
		if (!strcmp(kind, "if")) {
			skip = !cpp_eval_if(p, dir);
		} else {
			struct tok name;

			if (cpp_macro_name(p, &name, kind)) {
				skip = !cpp_lookup(p, &name) == !strcmp(kind, "ifdef");
				cpp_check_eol(p, kind);
			}
		}
	}
	push_if(p, dir, kind, skip);
}

static struct ifstate *current_if(struct cpp *p, const struct tok *dir)
{
	if (p->n_ifs > p->buf->if_base)
		return &p->ifs[p->n_ifs - 1];
	error_at(p, dir, "#%.*s without #if", (int)dir->len, dir->text);
	return NULL;
}

static void do_elif(struct cpp *p, const struct tok *dir, const char *kind)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (s->seen_else) {
		error_at(p, dir, "#%s after #else", kind);
		cpp_report(p, DTBIND_NOTE, s->loc, "the conditional began here");
	}
	s->kind = kind;
	if (s->skip_elses) {
		p->skipping = true;
		return;
	}
	p->skipping = false;
	bool take;

	if (!strcmp(kind, "elif")) {
		take = cpp_eval_if(p, dir);
	} else {
		struct tok name;

		take = false;
		if (cpp_macro_name(p, &name, kind)) {
			take = (cpp_lookup(p, &name) != NULL) == !strcmp(kind, "elifdef");
			cpp_check_eol(p, kind);
		}
	}
	p->skipping = !take;
	s->skip_elses = take;
}

static void do_else(struct cpp *p, const struct tok *dir)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (s->seen_else) {
		error_at(p, dir, "#else after #else");
		cpp_report(p, DTBIND_NOTE, s->loc, "the conditional began here");
	}
	s->seen_else = true;
	s->kind = "else";
	p->skipping = s->skip_elses;
	s->skip_elses = true;
	if (!s->was_skipping)
		cpp_check_eol(p, "else");
}

static void do_endif(struct cpp *p, const struct tok *dir)
{
	struct ifstate *s = current_if(p, dir);

	if (!s)
		return;
	if (!s->was_skipping)
		cpp_check_eol(p, "endif");
	p->skipping = s->was_skipping;
	p->n_ifs--;
}

/* ---- #include, #line, #error, #pragma ------------------------------------------ */
static void do_include(struct cpp *p, const struct tok *dir, bool next, bool import)
{
	struct tok t, at;
	bool angled = false;
	char *name;
	struct srcfile *sf;
	int dir_idx, r;

	if (next && p->buf->is_main) {
		warning_at(p, dir, "#include_next in primary source file");
		next = false;
	}
	cpp_lex_direct(p, p->buf, &t, true);
	if (t.type == T_NAME) {
		/* #include MACRO: the header name comes from the expansion */
		cpp_backup(p, &t);
		cpp_get_token_nopad(p, &t);
	}
	r = cpp_header_name(p, &t, &angled, &name);
	if (r == HDR_NONE)
		error_at(p, is_eol(&t) ? dir : &t, "#%.*s expects \"FILENAME\" or <FILENAME>",
			 (int)dir->len, dir->text);
	if (r != HDR_OK)
		return;
	if (!*name) {
		error_at(p, &t, "empty filename in #%.*s", (int)dir->len, dir->text);
		return;
	}
	at = t;
	cpp_lex_dir(p, &t);
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #%.*s directive", (int)dir->len,
			   dir->text);
	if (++p->n_includes > CPP_MAX_INCLUDES) {
		cpp_limit(p, &at, "number of #include directives", CPP_MAX_INCLUDES);
		return;
	}
	if (p->depth >= p->max_depth) {
		cpp_limit(p, &at, "#include nesting depth", p->max_depth);
		return;
	}
	sf = cpp_find_include(p, name, angled, next, &at, &dir_idx);
	if (p->fatal)
		return;
	if (!sf) {
		error_at(p, &at, "%s: No such file or directory", name);
		return;
	}
	if (cpp_is_once(p, sf))
		return;
	if (import)
		cpp_mark_once(p, sf);
	p->input_bytes += sf->len;
	if (p->input_bytes > CPP_MAX_INPUT) {
		cpp_limit(p, &at, "size of the included files (bytes)", CPP_MAX_INPUT);
		return;
	}
	p->pending = sf;
	p->pending_dir = dir_idx;
}

/* Interpret the escapes of a string literal's contents (for #line and _Pragma). */
static char *destringize(struct cpp *p, const char *s, size_t n)
{
	char *r = arena_alloc(&p->a, n + 1), *o = r;

	if (!r) {
		cpp_oom(p);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '\\' || s[i + 1] == '"'))
			i++;
		*o++ = s[i];
	}
	*o = '\0';
	return r;
}

static void do_line(struct cpp *p, const struct tok *dir)
{
	struct tok t;
	uint64_t n = 0;
	const char *file = NULL;

	cpp_get_token_nopad(p, &t);
	if (t.type != T_NUMBER) {
		if (is_eol(&t))
			error_at(p, dir, "unexpected end of file after #line");
		else
			error_at(p, &t, "\"%.*s\" after #line is not a positive integer",
				 (int)t.len, t.text);
		return;
	}
	for (uint32_t i = 0; i < t.len; i++) {
		if (!is_digit(t.text[i]) || n > UINT32_MAX) {
			error_at(p, &t, "\"%.*s\" after #line is not a positive integer",
				 (int)t.len, t.text);
			return;
		}
		n = n * 10 + (unsigned)(t.text[i] - '0');
	}
	if (n > 2147483647)
		warning_at(p, &t, "line number out of range");
	cpp_get_token_nopad(p, &t);
	if (t.type == T_STRING && !(t.flags & F_PREFIX)) {
		char *s = destringize(p, t.text + 1, t.len - 2);

		if (!s)
			return;
		file = cpp_intern(p, s);
		cpp_get_token_nopad(p, &t);
	} else if (!is_eol(&t)) {
		error_at(p, &t, "invalid filename \"%.*s\"", (int)t.len, t.text);
		return;
	}
	if (!is_eol(&t))
		warning_at(p, &t, "extra tokens at end of #line directive");
	p->pending_line = true;
	p->pending_line_no = (int64_t)n;
	p->pending_line_name = file;
}

static void do_diagnostic(struct cpp *p, const struct tok *dir, enum dtbind_severity sev)
{
	struct strbuf sb;
	struct tok t;

	sb_init(&sb);
	sb_putc(&sb, '#');
	cpp_spell(&sb, dir);
	for (bool first = true;; first = false) {
		cpp_lex_dir(p, &t);
		if (is_eol(&t))
			break;
		if (first || (t.flags & F_WHITE))
			sb_putc(&sb, ' ');
		cpp_spell(&sb, &t);
	}
	cpp_report(p, sev, cpp_tok_loc(p, dir), "%s", sb_cstr(&sb));
	if (sb.oom)
		cpp_oom(p);
	sb_free(&sb);
}

void cpp_do_pragma_text(struct cpp *p, const char *text, const struct tok *at)
{
	const char *s = text;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!strncmp(s, "once", 4) && !is_idnum(s[4])) {
		if (p->buf->is_main)
			warning_at(p, at, "#pragma once in main file");
		else
			cpp_mark_once(p, p->buf->sf);
	}
	/* Other pragmas are dropped, as gcc does in assembler mode. */
}

static void do_pragma(struct cpp *p, const struct tok *dir)
{
	struct tok t;

	cpp_lex_dir(p, &t);
	if (t.type == T_NAME && tok_eq(&t, "once"))
		cpp_do_pragma_text(p, "once", dir);
}

/* ---- directive dispatch ----------------------------------------------------------- */
enum dir_id {
	D_DEFINE, D_UNDEF, D_INCLUDE, D_INCLUDE_NEXT, D_IMPORT, D_IF, D_IFDEF, D_IFNDEF,
	D_ELIF, D_ELIFDEF, D_ELIFNDEF, D_ELSE, D_ENDIF, D_LINE, D_ERROR, D_WARNING, D_PRAGMA,
	D_IDENT, D_SCCS, D_ASSERT, D_UNASSERT,
};

static const struct {
	const char *name;
	bool cond;
} directives[] = {
	[D_DEFINE] = { "define", false },	[D_UNDEF] = { "undef", false },
	[D_INCLUDE] = { "include", false },	[D_INCLUDE_NEXT] = { "include_next", false },
	[D_IMPORT] = { "import", false },	[D_IF] = { "if", true },
	[D_IFDEF] = { "ifdef", true },		[D_IFNDEF] = { "ifndef", true },
	[D_ELIF] = { "elif", true },		[D_ELIFDEF] = { "elifdef", true },
	[D_ELIFNDEF] = { "elifndef", true },	[D_ELSE] = { "else", true },
	[D_ENDIF] = { "endif", true },		[D_LINE] = { "line", false },
	[D_ERROR] = { "error", false },		[D_WARNING] = { "warning", false },
	[D_PRAGMA] = { "pragma", false },	[D_IDENT] = { "ident", false },
	[D_SCCS] = { "sccs", false },		[D_ASSERT] = { "assert", false },
	[D_UNASSERT] = { "unassert", false },
};

static int find_directive(const struct tok *t)
{
	if (t->type != T_NAME)
		return -1;
	for (size_t i = 0; i < ARRAY_SIZE(directives); i++)
		if (tok_eq(t, directives[i].name))
			return (int)i;
	return -1;
}

static void end_directive(struct cpp *p)
{
	struct buffer *b = p->buf;

	cpp_skip_line(p);
	p->in_directive = false;
	if (p->pending_line) {
		uint32_t next = cpp_line_of(b, b->pos);

		p->pending_line = false;
		b->line_set = true;
		b->line_delta = p->pending_line_no - (int64_t)next;
		if (p->pending_line_name)
			b->presumed = p->pending_line_name;
	}
	if (p->pending) {
		struct srcfile *sf = p->pending;

		p->pending = NULL;
		cpp_push_buffer(p, sf, p->pending_dir, false);
	}
}

/*
 * Run the directive that the # just read at the start of a line begins.
 * Returns 1 when the line was a directive (done, or skipped), 0 when it is
 * not one: in assembler mode the `#` and the rest of the line are text.
 */
int cpp_handle_directive(struct cpp *p)
{
	int saved_parsing = p->parsing_args, saved_prevent = p->prevent_expansion;
	struct tok name;
	int d;

	p->parsing_args = 0;
	p->prevent_expansion = 0;
	p->in_directive = true;
	cpp_lex_direct(p, p->buf, &name, false);
	d = find_directive(&name);
	if (d < 0 && !is_eol(&name) && !p->skipping) {
		p->in_directive = false;
		if (p->n_la < (int)ARRAY_SIZE(p->la))
			p->la[p->n_la++] = name;
		p->parsing_args = saved_parsing;
		p->prevent_expansion = saved_prevent;
		return 0;
	}
	if (d >= 0 && (!p->skipping || directives[d].cond)) {
		switch ((enum dir_id)d) {
		case D_DEFINE: cpp_do_define(p); break;
		case D_UNDEF: cpp_do_undef(p); break;
		case D_INCLUDE: do_include(p, &name, false, false); break;
		case D_INCLUDE_NEXT: do_include(p, &name, true, false); break;
		case D_IMPORT: do_include(p, &name, false, true); break;
		case D_IF: do_if(p, &name, "if"); break;
		case D_IFDEF: do_if(p, &name, "ifdef"); break;
		case D_IFNDEF: do_if(p, &name, "ifndef"); break;
		case D_ELIF: do_elif(p, &name, "elif"); break;
		case D_ELIFDEF: do_elif(p, &name, "elifdef"); break;
		case D_ELIFNDEF: do_elif(p, &name, "elifndef"); break;
		case D_ELSE: do_else(p, &name); break;
		case D_ENDIF: do_endif(p, &name); break;
		case D_LINE: do_line(p, &name); break;
		case D_ERROR: do_diagnostic(p, &name, DTBIND_ERROR); break;
		case D_WARNING: do_diagnostic(p, &name, DTBIND_WARNING); break;
		case D_PRAGMA: do_pragma(p, &name); break;
		default: break;	/* #ident, #sccs, #assert, #unassert: nothing to output */
		}
	}
	end_directive(p);
	p->parsing_args = saved_parsing;
	p->prevent_expansion = saved_prevent;
	return 1;
}

/* ---- the driver ------------------------------------------------------------------- */
static void define_builtin(struct cpp *p, const char *name, enum builtin bi)
{
	struct macro *m = arena_alloc(&p->a, sizeof(*m));

	if (!m) {
		cpp_oom(p);
		return;
	}
	m->name = name;
	m->name_len = (uint32_t)strlen(name);
	m->builtin = (uint8_t)bi;
	if (hmap_put_str(&p->macros, name, m->name_len, m))
		cpp_oom(p);
}

/* Run a whole buffer that is expected to hold only directives (the command line). */
static void run_quietly(struct cpp *p, struct srcfile *sf)
{
	struct tok t;

	cpp_push_buffer(p, sf, -1, false);
	if (p->fatal)
		return;
	do
		cpp_get_token(p, &t);
	while (t.type != T_EOF && !p->fatal);
	while (p->n_ctx)
		cpp_pop_context(p);
	if (p->buf)
		cpp_pop_buffer(p);
}

static void cleanup(struct cpp *p)
{
	while (p->n_ctx)
		cpp_pop_context(p);
	free(p->ctx);
	while (p->buf) {
		struct buffer *b = p->buf;

		p->buf = b->prev;
		free(b);
	}
	free(p->ifs);
	cpp_free_files(p);
	hmap_free(&p->macros);
	hmap_free(&p->files);
	hmap_free(&p->names);
	hmap_free(&p->once);
	arena_release(&p->a);
}

void cpp_output_free(struct cpp_output *out)
{
	if (!out)
		return;
	free(out->text);
	srcmap_free(&out->map);
	arena_release(&out->names);
	out->text = NULL;
	out->len = 0;
}

int cpp_run(const struct cpp_opts *opts, const char *name, const char *buf, size_t len,
	    const struct srcmap *in_map, struct dtbind_diag *diag, struct cpp_output *out)
{
	static const struct cpp_opts no_opts;
	struct cpp *p = calloc(1, sizeof(*p));
	struct strbuf cmd;
	struct tok t;
	int ret;

	memset(out, 0, sizeof(*out));
	srcmap_init(&out->map);
	arena_init(&out->names, 4096);
	if (!p)
		return -DTBIND_ENOMEM;
	p->opts = opts ? opts : &no_opts;
	p->diag = diag;
	p->in_map = in_map;
	p->name = name ? name : "<stdin>";
	p->out = out;
	p->max_depth = p->opts->max_include_depth ? p->opts->max_include_depth
						  : DEFAULT_INCLUDE_DEPTH;
	sb_init(&p->text);
	arena_init(&p->a, 64 * 1024);
	hmap_init(&p->macros);
	hmap_init(&p->files);
	hmap_init(&p->names);
	hmap_init(&p->once);

	define_builtin(p, "__FILE__", BI_FILE);
	define_builtin(p, "__FILE_NAME__", BI_FILE_NAME);
	define_builtin(p, "__BASE_FILE__", BI_BASE_FILE);
	define_builtin(p, "__LINE__", BI_LINE);
	define_builtin(p, "__COUNTER__", BI_COUNTER);
	define_builtin(p, "__INCLUDE_LEVEL__", BI_INCLUDE_LEVEL);
	define_builtin(p, "_Pragma", BI_PRAGMA);
	define_builtin(p, "__has_include", BI_HAS_INCLUDE);
	define_builtin(p, "__has_include_next", BI_HAS_INCLUDE_NEXT);

	/* What -undef leaves defined in assembler mode, then the -D options. */
	sb_init(&cmd);
	sb_puts(&cmd, "#define __STDC__ 1\n#define __STDC_HOSTED__ 1\n#define __ASSEMBLER__ 1\n");
	for (size_t i = 0; i < p->opts->n_defines; i++) {
		const char *d = p->opts->defines[i], *eq = strchr(d, '=');

		if (eq)
			sb_printf(&cmd, "#define %.*s %s\n", (int)(eq - d), d, eq + 1);
		else
			sb_printf(&cmd, "#define %s 1\n", d);
	}
	if (cmd.oom) {
		cpp_oom(p);
	} else {
		struct srcfile *sf = cpp_new_srcfile(p, "<command-line>", cmd.buf, cmd.len, false);

		if (sf)
			run_quietly(p, sf);
	}
	sb_free(&cmd);

	if (!p->fatal)
		cpp_new_srcfile(p, p->name, buf ? buf : "", buf ? len : 0, true);
	if (p->main_sf) {
		struct srcmap_line l;

		cpp_push_buffer(p, p->main_sf, -1, true);
		p->pr.sf = p->main_sf;
		p->pr.line = 1;
		p->pr.source = -1;
		l = cpp_map_line(p, p->main_sf, 1);
		if (srcmap_push(&out->map, l.file, l.line, l.col_offset))
			cpp_oom(p);
		p->printing = true;
		for (;;) {
			cpp_get_token(p, &t);
			if (t.type == T_EOF || p->fatal)
				break;
			if (t.type == T_PADDING)
				cpp_print_padding(p, &t);
			else
				cpp_print_token(p, &t);
		}
		p->printing = false;
		while (p->n_ctx)
			cpp_pop_context(p);
		while (p->buf && !p->fatal)
			cpp_pop_buffer(p);
	}
	sb_putc(&p->text, '\n');
	if (p->text.oom)
		cpp_oom(p);

	ret = p->fatal ? p->fatal : p->errors ? -DTBIND_EPARSE : 0;
	if (!ret) {
		out->text = p->text.buf;
		out->len = p->text.len;
	} else {
		sb_free(&p->text);
		srcmap_free(&out->map);
		arena_release(&out->names);
	}
	cleanup(p);
	free(p);
	return ret;
}
