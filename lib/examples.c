// SPDX-License-Identifier: BSD-2-Clause
/*
 * examples.c - wrap the examples of a binding into one DTS source as the
 * kernel's dt-extract-example does (a /plugin/ root, each example under an
 * example-N node with #address-cells = #size-cells = <1>, a fake interrupt
 * controller when the example has interrupts), with a source map that
 * sends every line back to its line and column in the .yaml.
 */
#include <string.h>

#include "examples.h"

/* The example's own "/ {": it is used as it is, without the wrapper. */
static bool has_root_node(const char *s)
{
	if (*s != '/')
		return false;
	s++;
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v')
		s++;
	return *s == '{';
}

static bool in_irq_set(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       c == ' ' || c == '|' || c == '(' || c == ')' || c == '_';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/*
 * Cells of the first "interrupts = <...>" (after white space), counted the
 * way the reference counts them: a parenthesised expression is one cell.
 */
unsigned example_interrupt_cells(const char *ex)
{
	for (const char *p = ex; *p; p++) {
		if (!is_space(*p) || strncmp(p + 1, "interrupts", 10))
			continue;
		const char *q = p + 11;

		while (is_space(*q))
			q++;
		if (*q++ != '=')
			continue;
		while (is_space(*q))
			q++;
		if (*q++ != '<')
			continue;
		const char *start = q;

		while (*q && in_irq_set(*q))
			q++;
		if (q == start || *q != '>')
			continue;
		/* '(' and everything after it becomes one token, ')' a separator */
		unsigned cells = 0;
		bool in_token = false;

		for (const char *c = start; c < q; c++) {
			if (*c == '(') {
				if (!in_token)
					cells++;
				break;
			}
			bool sep = *c == ' ' || *c == '\t' || *c == '\n';

			if (*c == ')') {
				/* ')' becomes '0': part of a token */
				if (!in_token)
					cells++;
				in_token = true;
				continue;
			}
			if (sep) {
				in_token = false;
			} else if (!in_token) {
				in_token = true;
				cells++;
			}
		}
		return cells;
	}
	return 0;
}

/* Spaces before the first non-blank line of a block scalar that starts at @line. */
static uint32_t block_indent(const char *text, size_t len, uint32_t line)
{
	const char *p = text, *end = text + len;

	for (uint32_t l = 1; l < line && p < end; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return 0;
		p++;
	}
	while (p < end) {
		uint32_t n = 0;

		while (p + n < end && p[n] == ' ')
			n++;
		if (p + n < end && p[n] != '\n')
			return n;
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return 0;
		p++;
	}
	return 0;
}

static int emit(struct strbuf *out, struct srcmap *map, const char *file, uint32_t line,
		uint32_t col, const char *fmt_line)
{
	sb_puts(out, fmt_line);
	sb_putc(out, '\n');
	return srcmap_push(map, file, line, col);
}

int examples_wrap(const struct dtbind_value *binding, const char *file, const char *text,
		  size_t len, struct strbuf *out, struct srcmap *map, unsigned *count)
{
	return examples_wrap_gen(binding, file, text, len, DTBIND_GEN_2022_08, out, map, count);
}

int examples_wrap_gen(const struct dtbind_value *binding, const char *file, const char *text,
		      size_t len, enum dtbind_gen gen, struct strbuf *out, struct srcmap *map,
		      unsigned *count)
{
	const struct dtbind_member *m = dtbind_value_member(binding, "examples");
	const struct dtbind_value *list = m ? m->value : NULL;
	uint32_t head = m ? m->key_loc.line : 1;
	int ret = 0;

	*count = 0;
	ret |= emit(out, map, file, head, 0, "/dts-v1/;");
	ret |= emit(out, map, file, head, 0, "/plugin/; // silence any missing phandle references");
	if (!list || list->kind != DTBIND_SEQ)
		return ret ? -DTBIND_ENOMEM : 0;
	for (size_t i = 0; i < list->u.seq.n; i++) {
		const struct dtbind_value *ex = list->u.seq.items[i];

		if (ex->kind != DTBIND_STRING)
			continue;	/* the meta-schema says examples are strings */
		bool block = ex->style == DTBIND_STYLE_LITERAL || ex->style == DTBIND_STYLE_FOLDED;
		uint32_t line = ex->loc.line, col = block ? block_indent(text, len, line) : ex->loc.col;
		bool root = has_root_node(ex->u.str.ptr);
		char buf[128];

		(*count)++;
		if (!root) {
			unsigned irq = example_interrupt_cells(ex->u.str.ptr);

			ret |= emit(out, map, file, line, col, "/ {");
			ret |= emit(out, map, file, line, col, "    compatible = \"foo\";");
			ret |= emit(out, map, file, line, col, "    model = \"foo\";");
			ret |= emit(out, map, file, line, col, "    #address-cells = <1>;");
			ret |= emit(out, map, file, line, col, "    #size-cells = <1>;");
			snprintf(buf, sizeof(buf), "    example-%zu {", i);
			ret |= emit(out, map, file, line, col, buf);
			ret |= emit(out, map, file, line, col, "        #address-cells = <1>;");
			ret |= emit(out, map, file, line, col, "        #size-cells = <1>;");
			if (irq && gen >= DTBIND_GEN_2026_06) {
				/* 2026.06 gives each example a controller node of its own. */
				snprintf(buf, sizeof(buf), "        interrupt-parent = <&fake_intc%zu>;", i);
				ret |= emit(out, map, file, line, col, buf);
				snprintf(buf, sizeof(buf), "        fake_intc%zu: fake-interrupt-controller {", i);
				ret |= emit(out, map, file, line, col, buf);
				ret |= emit(out, map, file, line, col, "            interrupt-controller;");
				snprintf(buf, sizeof(buf), "            #interrupt-cells = < %u >;", irq);
				ret |= emit(out, map, file, line, col, buf);
				ret |= emit(out, map, file, line, col, "        };");
			} else if (irq) {
				ret |= emit(out, map, file, line, col, "        interrupt-controller;");
				snprintf(buf, sizeof(buf), "        #interrupt-cells = < %u >;", irq);
				ret |= emit(out, map, file, line, col, buf);
			}
		}
		/* The example itself, line for line, mapped into the .yaml. */
		const char *s = ex->u.str.ptr, *e = s + ex->u.str.len;
		uint32_t k = 0;

		while (s < e) {
			const char *nl = memchr(s, '\n', (size_t)(e - s));
			size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);

			sb_putn(out, s, n);
			sb_putc(out, '\n');
			ret |= srcmap_push(map, file, block ? line + k : line, block ? col : col + (uint32_t)0);
			k++;
			s = nl ? nl + 1 : e;
		}
		if (!root) {
			ret |= emit(out, map, file, line + (k ? k - 1 : 0), col, "    };");
			ret |= emit(out, map, file, line + (k ? k - 1 : 0), col, "};");
		}
	}
	return ret || out->oom ? -DTBIND_ENOMEM : 0;
}
