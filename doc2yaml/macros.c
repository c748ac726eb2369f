// SPDX-License-Identifier: BSD-2-Clause
/*
 * macros.c - example macros and the dt-bindings headers that define them (#include).
 */
#define _GNU_SOURCE
#include "doc2yaml-private.h"

#include "cpp.h"
#include "dts.h"

/* Macros of the examples and the dt-bindings header that defines them. */
static const struct macro_header {
	const char *prefix;	/* whole name, or prefix when it ends in '_' or '*' */
	const char *header;
} macro_headers[] = {
	{ "GIC_SPI", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "GIC_PPI", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "GIC_CPU_MASK_*", "dt-bindings/interrupt-controller/arm-gic.h" },
	{ "IRQ_TYPE_*", "dt-bindings/interrupt-controller/irq.h" },
	{ "GPIO_ACTIVE_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_OPEN_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PUSH_PULL", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_SINGLE_ENDED", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_LINE_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PULL_*", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_TRANSITORY", "dt-bindings/gpio/gpio.h" },
	{ "GPIO_PERSISTENT", "dt-bindings/gpio/gpio.h" },
	{ "KEY_*", "dt-bindings/input/input.h" },
	{ "BTN_*", "dt-bindings/input/input.h" },
	{ "SW_*", "dt-bindings/input/input.h" },
	{ "EV_*", "dt-bindings/input/input.h" },
	{ "ABS_*", "dt-bindings/input/input.h" },
	{ "REL_*", "dt-bindings/input/input.h" },
	{ "MATRIX_KEY", "dt-bindings/input/input.h" },
	{ "PHY_TYPE_*", "dt-bindings/phy/phy.h" },
	{ "THERMAL_NO_LIMIT", "dt-bindings/thermal/thermal.h" },
	{ "LED_COLOR_ID_*", "dt-bindings/leds/common.h" },
	{ "LED_FUNCTION_*", "dt-bindings/leds/common.h" },
	{ "LED_CORE_*", "dt-bindings/leds/common.h" },
	{ "PWM_POLARITY_*", "dt-bindings/pwm/pwm.h" },
	{ "IRQ_SYS_*", "" },	/* prose in comments of old examples, never a macro */
};

/* ---- macros ---------------------------------------------------------- */

/* The headers that define a macro (CLK_LCD: pxa-clock.h, actions,s900-cmu.h, ...). */
struct macro_def {
	const char *header;	/* under include/: "dt-bindings/clock/pxa-clock.h" */
	struct macro_def *next;
};

static int collect_dir_macros(struct dtbind_doc2yaml *c, const char *root, const char *dir,
			      unsigned depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL && depth < 8) {
		char *p;
		struct stat st;

		if (de->d_name[0] == '.' || asprintf(&p, "%s/%s", dir, de->d_name) < 0)
			continue;
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			collect_dir_macros(c, root, p, depth + 1);
		} else if (str_ends_with(de->d_name, ".h")) {
			char *buf;
			size_t len;

			if (read_file(p, 4u << 20, &buf, &len) == 0) {
				const char *rel = arena_strdup(&c->macro_arena, p + strlen(root) + 1);

				if (rel)
					hmap_put_str(&c->headers, rel, strlen(rel), (void *)rel);

				for (char *q = buf; q && *q;) {
					char *eol = strchr(q, '\n');
					char *t = q;

					while (*t == ' ' || *t == '\t')
						t++;
					if (*t == '#') {
						t++;
						while (*t == ' ' || *t == '\t')
							t++;
						if (starts_with(t, "define") && (t[6] == ' ' || t[6] == '\t')) {
							t += 7;
							while (*t == ' ' || *t == '\t')
								t++;
							char *s = t;

							while (is_label_char((unsigned char)*t))
								t++;
							if (t > s && rel) {
								char *name = arena_strndup(&c->macro_arena, s, (size_t)(t - s));
								struct macro_def *def = arena_alloc(&c->macro_arena,
												    sizeof(*def));

								if (name && def) {
									def->header = rel;
									def->next = hmap_get_str(&c->macros, name,
												 strlen(name));
									hmap_put_str(&c->macros, name, strlen(name), def);
								}
							}
						}
					}
					q = eol ? eol + 1 : NULL;
				}
				free(buf);
			}
		}
		free(p);
	}
	closedir(d);
	return 0;
}

static void load_macros(struct dtbind_doc2yaml *c, const char *root)
{
	if (c->macros_loaded)
		return;
	c->macros_loaded = true;
	for (size_t i = 0; i < c->opts.n_include_dirs; i++) {
		char *p;

		if (asprintf(&p, "%s/dt-bindings", c->opts.include_dirs[i]) >= 0) {
			collect_dir_macros(c, c->opts.include_dirs[i], p, 0);
			free(p);
		}
	}
	if (root) {
		/* The kernel tree around the bindings: include/ and scripts/dtc/include-prefixes. */
		static const char *const rel[] = { "../../../include",
						   "../../../scripts/dtc/include-prefixes" };

		for (size_t i = 0; i < ARRAY_SIZE(rel); i++) {
			char *inc, *p;

			if (asprintf(&inc, "%s/%s", root, rel[i]) < 0)
				continue;
			if (asprintf(&p, "%s/dt-bindings", inc) >= 0) {
				collect_dir_macros(c, inc, p, 0);
				free(p);
			}
			free(inc);
		}
	}
}

/*
 * Does token t[0..n) of a header's name start a word of the binding's
 * compatibles or file?  2 for a chip's word ("mt8173" of
 * "mediatek,mt8173-mmsys"), 1 for the vendor's, 0 for none.
 */
static unsigned token_of_binding(const struct conv *cv, const char *t, size_t n)
{
	static const char *const generic[] = {
		"clock", "clocks", "clk", "reset", "resets", "cmu", "bindings", "power", "gpio",
		"interrupt", "controller", "irq", "pinctrl", "pinfunc", "dma", "common", "defs",
	};
	const char *ctx[33];
	size_t nctx = 0;

	unsigned best = 0;

	if (n < 3 || span_in_ci(t, n, generic, ARRAY_SIZE(generic)))
		return 0;
	for (size_t i = 0; i < cv->chains.n && nctx < 32; i++) {
		const struct chain *ch = cv->chains.v[i];

		for (size_t k = 0; k < ch->n && nctx < 32; k++)
			ctx[nctx++] = ch->s[k];
	}
	ctx[nctx++] = cv->file;
	for (size_t i = 0; i < nctx; i++)
		for (const char *w = ctx[i]; w && *w; w++)
			if ((w == ctx[i] || strchr(",-_./", w[-1])) && !strncasecmp(w, t, n)) {
				unsigned weight = w == ctx[i] && strchr(ctx[i], ',') ? 1 : 2;

				if (weight > best)
					best = weight;
			}
	return best;
}

/*
 * How many words of a header's file name the binding's compatibles or file
 * name start with (a chip's word counting twice a vendor's); three more for a
 * header the example includes already
 * (pistachio-clk.h for CLK_AUDIO_DAC once SYS_CLK_PAUD_OUT brought it).
 */
static unsigned header_affinity(const struct conv *cv, const char *header)
{
	const char *b = strrchr(header, '/');
	unsigned score = 0;

	for (size_t i = 0; i < cv->n_includes; i++)
		if (!strcmp(cv->macro_includes[i], header))
			score += 3;

	b = b ? b + 1 : header;
	for (const char *p = b; *p && strcmp(p, ".h");) {
		size_t n = strcspn(p, ",-_.");

		score += token_of_binding(cv, p, n);
		p += n;
		if (*p)
			p++;
	}
	return score;
}

static const char *macro_header(struct conv *cv, const char *name, bool *known)
{
	*known = false;
	for (size_t i = 0; i < ARRAY_SIZE(macro_headers); i++) {
		const char *pfx = macro_headers[i].prefix;
		size_t n = strlen(pfx);

		if (pfx[n - 1] == '*' ? !strncmp(name, pfx, n - 1) : !strcmp(name, pfx)) {
			*known = true;
			return macro_headers[i].header[0] ? macro_headers[i].header : NULL;
		}
	}
	load_macros(cv->c, cv->root);
	const struct macro_def *d = hmap_get_str(&cv->c->macros, name, strlen(name));
	const char *best = NULL;
	unsigned best_score = 0;

	/*
	 * Defined in several headers (CLK_LCD): the one named like the binding
	 * ("pxa-clock.h" for "marvell,pxa2xx-lcdc"), else the first by name, the
	 * same on every machine whatever order the directory lists them in.
	 */
	for (; d; d = d->next) {
		unsigned score = header_affinity(cv, d->header);

		if (!best || score > best_score || (score == best_score && strcmp(d->header, best) < 0)) {
			best = d->header;
			best_score = score;
		}
	}
	return best;
}

void add_include(struct conv *cv, const char *h)
{
	for (size_t i = 0; i < cv->n_includes; i++)
		if (!strcmp(cv->macro_includes[i], h))
			return;
	if (cv->n_includes < ARRAY_SIZE(cv->macro_includes))
		cv->macro_includes[cv->n_includes++] = h;
}

/* Note a value the example had to lose, for the finding that lists them. */
static void note_replaced(struct macro_ctx *mc, const char *name, size_t n, unsigned line)
{
	if (mc->names.len)
		sb_puts(&mc->names, ", ");
	sb_putn(&mc->names, name, n);
	if (!mc->first_line)
		mc->first_line = line;
}

/*
 * Remember that the example uses @name from header @h ("h\0name\0",
 * "h\0name(\0" for a call, "h\0name\"\0" for a bare value: a string).
 */
static void note_macro_use(struct conv *cv, const char *h, const char *name, char kind)
{
	size_t hl = strlen(h), nl = strlen(name);
	char *u = cv_alloc(cv, hl + nl + 3);

	if (!u)
		return;
	memcpy(u, h, hl + 1);
	memcpy(u + hl + 1, name, nl + 1);
	if (kind)
		u[hl + 1 + nl] = kind, u[hl + 2 + nl] = '\0';
	vec_push(cv, &cv->macro_uses, u);
}

/* The end of a call "(a, b)" starting at the first non-blank after @p, or NULL. */
static const char *call_args_end(const char *p)
{
	int depth = 0;

	p = skip_blanks(p);
	if (*p != '(')
		return NULL;
	for (; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && !--depth)
			return p + 1;
	}
	return NULL;
}

/* A label dtc takes: [A-Za-z_][A-Za-z0-9_]*. */
static bool label_valid(const char *s, size_t n)
{
	if (!n || isdigit((unsigned char)*s))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!is_label_char((unsigned char)s[i]))
			return false;
	return true;
}

/* One identifier or number in cells (rw->ctx: the macro_ctx). */
static const char *macro_step(struct rewrite *rw, const char *p)
{
	struct macro_ctx *mc = rw->ctx;
	const char *s = p;

	if (*p == '&') {
		/* A reference: never a macro. */
		p++;
		if (*p == '{') {
			while (*p && *p != '}')
				p++;
		} else {
			while (is_label_char((unsigned char)*p) || (*p == '-' && is_label_char((unsigned char)p[1])))
				p++;
			if (!label_valid(s + 1, (size_t)(p - s - 1))) {
				/* "&1v8-reg": dtc takes no label like it; "&ref_1v8_reg". */
				sb_putc(&rw->sb, '&');
				sb_puts(&rw->sb, valid_label(rw->cv, s + 1, (size_t)(p - s - 1)));
				rw->changed = true;
				return p;
			}
		}
		sb_putn(&rw->sb, s, (size_t)(p - s));
		return p;
	}
	if (!rw->angle || (p != rw->value && is_label_char((unsigned char)p[-1])))
		return p;
	if (isdigit((unsigned char)*p)) {
		/* A number, or a placeholder that looks like one ("0xXXXXXXXX"). */
		char *e;

		while (is_label_char((unsigned char)*p))
			p++;
		strtoull(s, &e, 0);
		while (e < p && strchr("uUlL", *e))
			e++;
		if (e == p) {
			sb_putn(&rw->sb, s, (size_t)(p - s));
		} else {
			sb_putc(&rw->sb, '0');
			rw->changed = true;
			note_replaced(mc, s, (size_t)(p - s), rw->line);
		}
		return p;
	}
	if (!isalpha((unsigned char)*p) && *p != '_')
		return p;
	while (is_label_char((unsigned char)*p))
		p++;
	size_t n = (size_t)(p - s);
	char name[128];
	/* FOO(a, b): the call as a whole. */
	const char *call_end = call_args_end(p);
	const char *end = call_end ? call_end : p;

	if (n >= sizeof(name)) {
		sb_putn(&rw->sb, s, n);
		return p;
	}
	snprintf(name, sizeof(name), "%.*s", (int)n, s);
	bool known;
	const char *h = macro_header(rw->cv, name, &known);

	if (h) {
		add_include(rw->cv, h);
		sb_putn(&rw->sb, s, (size_t)(end - s));
		note_macro_use(rw->cv, h, name, call_end ? '(' : 0);
		return end;
	}
	const char *rep = hmap_get_str(&mc->unknown, name, n);

	if (!rep) {
		rep = cv_printf(rw->cv, "%u", mc->next++);
		char *key = cv_strdup(rw->cv, name);

		if (!rep || !key)
			return NULL;
		hmap_put_str(&mc->unknown, key, n, (void *)rep);
		note_replaced(mc, name, n, rw->line);
	}
	sb_puts(&rw->sb, rep);
	rw->changed = true;
	return end;
}

/* Is @v one upper-case identifier and nothing else ("LED_FUNCTION_STATUS")? */
bool macro_name_only(const char *v)
{
	const char *p = skip_blanks(v);
	bool upper = false;

	if (!isupper((unsigned char)*p))
		return false;
	for (; is_label_char((unsigned char)*p); p++) {
		if (islower((unsigned char)*p))
			return false;
		upper |= *p == '_';
	}
	return upper && !*skip_blanks(p);
}

/*
 * Identifiers in cells: headers for known ones, numbers for the rest.  A
 * bare macro (a string one, such as LED_FUNCTION_*) keeps its header, or
 * becomes cells like any unknown name.
 */
const char *fix_macros(struct conv *cv, const char *v, void *ctx, unsigned line)
{
	if (v && macro_name_only(v)) {
		const char *name = skip_blanks(v);
		size_t n = strcspn(name, " \t\n");
		char buf[128];
		bool known;

		if (n < sizeof(buf)) {
			snprintf(buf, sizeof(buf), "%.*s", (int)n, name);
			const char *h = macro_header(cv, buf, &known);

			if (h) {
				add_include(cv, h);
				note_macro_use(cv, h, buf, '"');
				return v;
			}
		}
		v = cv_printf(cv, "<%s>", v);
	}
	if (!v || (!strchr(v, '<') && !strchr(v, '&')))
		return v;
	return rewrite_value(cv, v, macro_step, ctx, line);
}

/*
 * Is @h (dt-bindings/...) a header the example can include: one of the
 * macro table's, or one found in the include directories?  The text's own
 * #include of a header that exists nowhere (or that we cannot see, with no
 * include directory) cannot help: the macros the example uses got their
 * headers or were replaced by numbers already.
 */
bool header_known(struct conv *cv, const char *h)
{
	for (size_t i = 0; i < ARRAY_SIZE(macro_headers); i++)
		if (!strcmp(macro_headers[i].header, h))
			return true;
	load_macros(cv->c, cv->root);
	return hmap_get_str(&cv->c->headers, h, strlen(h)) != NULL;
}

#define MAX_CALLS_EVALUATED 32

/*
 * The value of the one cell @call[0..n) (a macro call with arguments),
 * through the preprocessor with the example's headers and the DTS parser;
 * NULL when it is not one number.
 */
static const char *call_value(struct conv *cv, const char *call, size_t n)
{
	const char *dirs[16];
	char *owned[2] = { NULL, NULL };
	size_t nd;
	struct strbuf sb;
	const char *res = NULL;

	/* The self-check's include directories: the value it will compile. */
	settle_example_tree(cv);
	include_dirs(cv->c, dirs, &nd, ARRAY_SIZE(dirs), owned);
	sb_init(&sb);
	for (size_t i = 0; i < cv->n_includes; i++)
		sb_printf(&sb, "#include <%s>\n", cv->macro_includes[i]);
	sb_printf(&sb, "/dts-v1/;\n/ { v = <%.*s>; };\n", (int)n, call);

	struct cpp_opts opts = { .include_dirs = dirs, .n_include_dirs = nd };
	struct cpp_output out = { 0 };
	struct dtbind_diag *quiet = dtbind_diag_new_collect();
	struct dt_tree t;

	dt_tree_init(&t);
	if (quiet && !sb.oom && !cpp_run(&opts, "example", sb.buf, sb.len, NULL, quiet, &out) &&
	    !dts_parse(&t, "example", out.text, out.len, NULL, quiet) && !t.errors && t.root) {
		const struct dt_property *v = dt_node_prop(t.root, "v");

		/* One 32-bit cell: its only marker says so. */
		if (v && v->len == 4 && (!v->markers || (v->markers->type == DT_M_U32 &&
							   !v->markers->next)))
			res = cv_printf(cv, "%u", (unsigned)v->val[0] << 24 | (unsigned)v->val[1] << 16 |
						  (unsigned)v->val[2] << 8 | v->val[3]);
	}
	dt_tree_release(&t);
	cpp_output_free(&out);
	dtbind_diag_free(quiet);
	sb_free(&sb);
	free(owned[0]);
	free(owned[1]);
	return res;
}

/*
 * "interrupts = <TEGRA_GPIO(W, 3) IRQ_TYPE_LEVEL_HIGH>": dt-schema's example
 * wrapper counts the cells of the first interrupts with a pattern that a
 * call with arguments (its comma) does not match, and then decodes one cell
 * an interrupt: the example fails.  Such a call is written as its value, as
 * the kernel's conversions do.
 */
const char *interrupt_calls(struct conv *cv, const char *v, unsigned line)
{
	struct strbuf sb;
	bool changed = false;
	const char *p = v;

	if (!strchr(v, ','))
		return v;	/* no call with arguments */
	sb_init(&sb);
	while (*p) {
		const char *id = p;

		if (!(isalpha((unsigned char)*p) || *p == '_') ||
		    (p > v && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '&'))) {
			sb_putc(&sb, *p++);
			continue;
		}
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		const char *end = call_args_end(p);
		const char *val = NULL;

		/* A preprocessor run each: a bounded number per text. */
		if (end && memchr(p, ',', (size_t)(end - p)) && cv->calls_evaluated < MAX_CALLS_EVALUATED) {
			cv->calls_evaluated++;
			val = call_value(cv, id, (size_t)(end - id));
		}
		if (!val) {
			sb_putn(&sb, id, (size_t)(p - id));
			continue;
		}
		finding(cv, DTBIND_NOTE, line, 1, "doc2yaml-example",
			"%.*s written as its value %s in the example's interrupts: dt-schema's "
			"example wrapper cannot count cells through a call with arguments",
			(int)(end - id), id, val);
		sb_puts(&sb, val);
		p = end;
		changed = true;
	}
	const char *r = changed && !sb.oom ? cv_strndup(cv, sb.buf, sb.len) : v;

	sb_free(&sb);
	return r;
}
