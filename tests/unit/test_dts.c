// SPDX-License-Identifier: BSD-2-Clause
/* test_dts.c - the devicetree model (dt.c) and the DTS parser (dts.c): grammar, meaning, errors */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "dts.h"

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	struct dt_tree t;
	char dir[64];		/* a temporary directory for include tests */
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->out = open_memstream(&f->text, &f->len);
	if (!f->out)
		return -1;
	f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC);
	if (!f->diag)
		return -1;
	dt_tree_init(&f->t);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (f->dir[0]) {
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
		if (system(cmd) != 0)
			return -1;
	}
	dt_tree_release(&f->t);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

/* A fresh tree and an empty output stream (rewinding a memstream keeps its old tail). */
static void reset(struct fixture *f)
{
	dt_tree_release(&f->t);
	dt_tree_init(&f->t);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	f->text = NULL;
	f->out = open_memstream(&f->text, &f->len);
	assert_non_null(f->out);
	f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC);
	assert_non_null(f->diag);
}

/* Parse @src (named @name) into a fresh tree. */
static int parse_named(struct fixture *f, const char *name, const char *src,
		       const struct srcmap *map)
{
	reset(f);
	return dts_parse(&f->t, name, src, strlen(src), map, f->diag);
}

static int parse(struct fixture *f, const char *src)
{
	return parse_named(f, "t.dts", src, NULL);
}

static const char *output(struct fixture *f)
{
	fflush(f->out);
	return f->text;
}

/* Parse, expect success and no output. */
static void parse_ok(struct fixture *f, const char *src)
{
	int ret = parse(f, src);

	assert_string_equal(output(f), "");
	assert_int_equal(ret, 0);
}

/* Parse, expect -DTBIND_EPARSE and exactly @expected on the diag stream. */
static void parse_fails(struct fixture *f, const char *src, const char *expected)
{
	int ret = parse(f, src);

	assert_string_equal(output(f), expected);
	assert_int_equal(ret, -DTBIND_EPARSE);
}

static struct dt_node *node(struct fixture *f, const char *path)
{
	struct dt_node *n = dt_find_path(&f->t, path);

	if (!n)
		fail_msg("no node %s", path);
	return n;
}

static struct dt_property *prop(struct fixture *f, const char *path, const char *name)
{
	struct dt_property *p = dt_node_prop(node(f, path), name);

	if (!p)
		fail_msg("no property %s:%s", path, name);
	return p;
}

/* The value of @path:@name is the @len bytes of @bytes. */
static void assert_value(struct fixture *f, const char *path, const char *name, const void *bytes,
			 uint32_t len)
{
	struct dt_property *p = prop(f, path, name);

	assert_int_equal(p->len, len);
	if (len)
		assert_memory_equal(p->val, bytes, len);
}

#define VALUE(f, path, name, ...)						\
	do {									\
		static const uint8_t v_[] = { __VA_ARGS__ };			\
		assert_value(f, path, name, v_, sizeof(v_));			\
	} while (0)

#define STRVALUE(f, path, name, s) assert_value(f, path, name, s, sizeof(s))

static uint32_t cell(const struct dt_property *p, unsigned i)
{
	const uint8_t *v = p->val + 4 * i;

	assert_true(4 * i + 4 <= p->len);
	return (uint32_t)v[0] << 24 | (uint32_t)v[1] << 16 | (uint32_t)v[2] << 8 | v[3];
}

static uint64_t u64(const struct dt_property *p)
{
	uint64_t v = 0;

	assert_int_equal(p->len, 8);
	for (int i = 0; i < 8; i++)
		v = v << 8 | p->val[i];
	return v;
}

/* Names of the live children of @n, joined by spaces. */
static const char *children(struct fixture *f, struct dt_node *n)
{
	static char buf[512];
	size_t len = 0;

	(void)f;
	buf[0] = '\0';
	dt_for_each_child(n, c)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", len ? " " : "", c->name);
	return buf;
}

/* Names of the live properties of @n, joined by spaces. */
static const char *props(struct dt_node *n)
{
	static char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	dt_for_each_prop(n, p)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", len ? " " : "", p->name);
	return buf;
}

static const char *labels(const struct dt_label *l)
{
	static char buf[256];
	size_t len = 0;

	buf[0] = '\0';
	for (; l; l = l->next)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s", len ? " " : "", l->name);
	return buf;
}

/* "TYPE@offset[:ref]" for each marker of @p. */
static const char *markers(const struct dt_property *p)
{
	static const char *const names[] = {
		[DT_M_U8] = "u8", [DT_M_U16] = "u16", [DT_M_U32] = "u32", [DT_M_U64] = "u64",
		[DT_M_STRING] = "string", [DT_M_BYTES] = "bytes", [DT_M_REF_PHANDLE] = "phandle",
		[DT_M_REF_PATH] = "path", [DT_M_LABEL] = "label",
	};
	static char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (const struct dt_marker *m = p->markers; m; m = m->next)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s@%u%s%s", len ? " " : "",
					names[m->type], m->offset, m->ref ? ":" : "",
					m->ref ? m->ref : "");
	return buf;
}

static void assert_loc(struct dtbind_loc loc, const char *file, uint32_t line, uint32_t col)
{
	assert_non_null(loc.file);
	assert_string_equal(loc.file, file);
	assert_int_equal(loc.line, line);
	assert_int_equal(loc.col, col);
}

/* ---- dt.c: the model ------------------------------------------------ */

static void test_model_nodes_props_and_lookups(void **state)
{
	struct fixture *f = *state;
	struct dt_tree *t = &f->t;
	struct dtbind_loc here = { "m.dts", 3, 4 };
	struct dt_node *root = dt_node_new(t, "", here);
	struct dt_node *soc = dt_node_new(t, "soc", here);
	struct dt_node *uart = dt_node_new(t, "uart@1000", here);
	struct dt_node *gone = dt_node_new(t, "gone", here);

	assert_non_null(root);
	t->root = root;
	dt_node_add_child(root, soc);
	dt_node_add_child(soc, uart);
	dt_node_add_child(soc, gone);
	gone->deleted = true;
	assert_ptr_equal(uart->parent, soc);
	assert_ptr_equal(dt_node_child(soc, "uart@1000"), uart);
	assert_null(dt_node_child(soc, "uart"));
	assert_null(dt_node_child(soc, "gone"));
	assert_string_equal(dt_node_path(t, root), "/");
	assert_string_equal(dt_node_path(t, uart), "/soc/uart@1000");

	assert_ptr_equal(dt_find_path(t, "/"), root);
	assert_ptr_equal(dt_find_path(t, "/soc/uart@1000"), uart);
	assert_ptr_equal(dt_find_path(t, "//soc//uart@1000/"), uart);
	assert_null(dt_find_path(t, "/soc/uart"));	/* names match whole, as dtc */
	assert_null(dt_find_path(t, "/soc/gone"));

	struct dt_label l = { "serial0", NULL };

	uart->labels = &l;
	assert_ptr_equal(dt_find_label(t, "serial0"), uart);
	assert_null(dt_find_label(t, "serial1"));
	uart->phandle = 7;
	assert_ptr_equal(dt_find_phandle(t, 7), uart);
	assert_null(dt_find_phandle(t, 0));
	assert_null(dt_find_phandle(t, 0xffffffff));
	soc->deleted = true;	/* a deleted subtree is out of every lookup */
	assert_null(dt_find_label(t, "serial0"));
	assert_null(dt_find_phandle(t, 7));
	assert_null(dt_find_path(t, "/soc/uart@1000"));
}

static void test_model_set_prop_replaces_in_place(void **state)
{
	struct fixture *f = *state;
	struct dt_tree *t = &f->t;
	struct dtbind_loc a = { "m.dts", 1, 1 }, b = { "m.dts", 9, 2 };
	struct dt_node *n = dt_node_new(t, "n", a);
	char v1[] = "one", v2[] = "second";

	assert_non_null(dt_node_set_prop(t, n, "p", v1, sizeof(v1), a));
	assert_non_null(dt_node_set_prop(t, n, "q", NULL, 0, a));
	struct dt_property *p = dt_node_set_prop(t, n, "p", v2, sizeof(v2), b);

	v2[0] = 'X';	/* the value was copied */
	assert_string_equal(props(n), "p q");
	assert_ptr_equal(dt_node_prop(n, "p"), p);
	assert_int_equal(p->len, 7);
	assert_string_equal((const char *)p->val, "second");
	assert_loc(p->loc, "m.dts", 9, 2);
	assert_null(dt_node_prop(n, "q")->val);
	p->deleted = true;
	assert_null(dt_node_prop(n, "p"));
	dt_node_set_prop(t, n, "p", v1, sizeof(v1), a);	/* a deleted one is not replaced */
	assert_string_equal(props(n), "q p");
}

static void test_model_orphan_paths_name_their_target(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(parse(f, "/dts-v1/; /plugin/; / { }; &uart { dev { }; }; "
				  "&{/soc/i2c} { x { }; };"), 0);
	struct dt_node *o1 = f->t.orphans, *o2 = o1->next;

	assert_string_equal(o1->name, "uart");
	assert_string_equal(o2->name, "/soc/i2c");
	assert_null(o2->next);
	assert_string_equal(dt_node_path(&f->t, o1), "&uart");
	assert_string_equal(dt_node_path(&f->t, o1->children), "&uart/dev");
	assert_string_equal(dt_node_path(&f->t, o2->children), "&{/soc/i2c}/x");
}

/* ---- values ------------------------------------------------------------ */

static void test_cells_bits_and_widths(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n/ {\n"
		    "\tc = <1 0x20 0xdeadbeef>;\n"
		    "\tb8 = /bits/ 8 <1 0xff>;\n"
		    "\tb16 = /bits/ 16 <0x1234 (-1)>;\n"
		    "\tb32 = /bits/ 32 <5>;\n"
		    "\tb64 = /bits/ 64 <0x0102030405060708>;\n"
		    "\tn8 = /bits/ 8 <(-128) (-1)>;\n"
		    "\tempty = <>;\n"
		    "\tflag;\n"
		    "};\n");
	VALUE(f, "/", "c", 0, 0, 0, 1, 0, 0, 0, 0x20, 0xde, 0xad, 0xbe, 0xef);
	VALUE(f, "/", "b8", 1, 0xff);
	VALUE(f, "/", "b16", 0x12, 0x34, 0xff, 0xff);
	VALUE(f, "/", "b32", 0, 0, 0, 5);
	VALUE(f, "/", "b64", 1, 2, 3, 4, 5, 6, 7, 8);
	VALUE(f, "/", "n8", 0x80, 0xff);
	assert_int_equal(prop(f, "/", "empty")->len, 0);
	assert_null(prop(f, "/", "flag")->val);
	assert_string_equal(markers(prop(f, "/", "b16")), "u16@0");
	assert_string_equal(markers(prop(f, "/", "b64")), "u64@0");
	assert_string_equal(markers(prop(f, "/", "empty")), "u32@0");
	assert_string_equal(markers(prop(f, "/", "flag")), "");
}

static void test_every_integer_operator(void **state)
{
	static const struct {
		const char *expr;
		uint64_t value;
	} cases[] = {
		{ "1 + 2", 3 }, { "10 - 3", 7 }, { "6 * 7", 42 }, { "7 / 2", 3 }, { "7 % 4", 3 },
		{ "-1", UINT64_MAX }, { "~0", UINT64_MAX }, { "!0", 1 }, { "!5", 0 },
		{ "- - 3", 3 }, { "~~1", 1 }, { "!!7", 1 },
		{ "1 << 4", 16 }, { "256 >> 4", 16 }, { "1 << 63", 1ull << 63 },
		{ "1 << 64", 0 }, { "5 >> 64", 0 }, { "1 << 100", 0 },
		{ "1 < 2", 1 }, { "2 < 1", 0 }, { "1 > 2", 0 }, { "2 >= 2", 1 }, { "1 <= 0", 0 },
		{ "3 == 3", 1 }, { "3 != 3", 0 },
		{ "0xf0 & 0x3c", 0x30 }, { "0xf0 | 0x0f", 0xff }, { "0xff ^ 0x0f", 0xf0 },
		{ "1 && 0", 0 }, { "1 && 2", 1 }, { "0 || 0", 0 }, { "0 || 7", 1 },
		{ "1 ? 2 : 3", 2 }, { "0 ? 2 : 3", 3 }, { "0 ? 1 : 0 ? 2 : 3", 3 },
		{ "1 ? 0 ? 4 : 5 : 6", 5 },
		/* precedence and associativity, as dtc-parser.y */
		{ "1 + 2 * 3", 7 }, { "1 << 2 + 1", 8 }, { "1 | 2 & 3", 3 }, { "1 ^ 3 | 4", 6 },
		{ "2 * 3 % 4", 2 }, { "1 + 2 == 3", 1 }, { "1 < 2 == 1", 1 }, { "0 || 1 && 0", 0 },
		{ "6 & 3 == 3", 0 }, { "10 - 2 - 3", 5 }, { "100 / 10 / 5", 2 },
		{ "2 - -1", 3 }, { "((((1 + 1))))", 2 },
		/* 64-bit arithmetic, wrapping */
		{ "0xffffffff * 0xffffffff", 0xfffffffe00000001ull }, { "0 - 1", UINT64_MAX },
		{ "0xffffffffffffffff + 2", 1 }, { "0x8000000000000000 >> 1", 1ull << 62 },
		{ "0xffffffffffffffff / 2", 0x7fffffffffffffffull },
		/* literals and characters */
		{ "017", 15 }, { "0x1F", 31 }, { "0XaB", 0xab }, { "10U + 10L + 10UL", 30 },
		{ "10LL + 10ULL", 20 }, { "'a'", 'a' }, { "'\\n'", '\n' }, { "'\\''", '\'' },
		{ "'\\x41'", 0x41 }, { "'\\101'", 0x41 }, { "'\\0'", 0 }, { "'\"'", '"' },
		{ "'z' - 'a'", 25 }, { "18446744073709551615", UINT64_MAX },
	};
	struct fixture *f = *state;
	char src[256];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(src, sizeof(src), "/dts-v1/; / { v = /bits/ 64 <(%s)>; };", cases[i].expr);
		if (parse(f, src) != 0)
			fail_msg("(%s): %s", cases[i].expr, output(f));
		if (u64(prop(f, "/", "v")) != cases[i].value)
			fail_msg("(%s) = 0x%llx, expected 0x%llx", cases[i].expr,
				 (unsigned long long)u64(prop(f, "/", "v")),
				 (unsigned long long)cases[i].value);
	}
}

static void test_values_truncate_to_the_cell_width(void **state)
{
	struct fixture *f = *state;

	/* Sign-extended values fit; others are reported, then truncated as dtc does. */
	parse_ok(f, "/dts-v1/; / { a = <(-1) ((1 << 32) - 1) (-0x80000000)>; "
		    "b = /bits/ 16 <(-32769)>; };");
	VALUE(f, "/", "a", 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0);
	VALUE(f, "/", "b", 0x7f, 0xff);
	parse_fails(f, "/dts-v1/;\n/ {\n\tp = /bits/ 8 <1 0x1ff>;\n\tq = <0x100000000>;\n};\n",
		    "t.dts:3:18: error: value out of range for 8-bit array element [dts-semantic]\n"
		    "t.dts:4:7: error: value out of range for 32-bit array element [dts-semantic]\n");
	VALUE(f, "/", "p", 1, 0xff);
	VALUE(f, "/", "q", 0, 0, 0, 0);
}

static void test_strings_and_escapes(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / {\n"
		    "\tesc = \"a\\nb\\tc\\\\d\\\"e\\x41\\101\\60\\a\\b\\v\\f\\r\\q\";\n"
		    "\tlist = \"one\", \"\", \"three\";\n"
		    "\tnul = \"a\\0b\";\n"
		    "\thex = \"\\x4\", \"\\x4g\", \"\\xfF\";\n"
		    "\toct = \"\\1\\12\\123\\1234\\777\";\n"
		    "\tspan = \"one\ntwo\";\n"
		    "\tnotc = \"/* x */ // y\";\n"
		    "};\n");
	STRVALUE(f, "/", "esc", "a\nb\tc\\d\"eAA0\a\b\v\f\rq");
	STRVALUE(f, "/", "list", "one\0\0three");
	STRVALUE(f, "/", "nul", "a\0b");
	STRVALUE(f, "/", "hex", "\x04\0\x04g\0\xff");
	STRVALUE(f, "/", "oct", "\001\012\123\123" "4\377");
	STRVALUE(f, "/", "span", "one\ntwo");
	STRVALUE(f, "/", "notc", "/* x */ // y");
	assert_string_equal(markers(prop(f, "/", "list")), "string@0 string@4 string@5");
}

static void test_bytestrings(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { a = [001122aaBBcc]; b = [00 11 2233]; c = []; "
		    "d = [ l1: 01 l2: 02 l3: ]; };");
	VALUE(f, "/", "a", 0, 0x11, 0x22, 0xaa, 0xbb, 0xcc);
	VALUE(f, "/", "b", 0, 0x11, 0x22, 0x33);
	assert_int_equal(prop(f, "/", "c")->len, 0);
	VALUE(f, "/", "d", 1, 2);
	assert_string_equal(markers(prop(f, "/", "d")), "bytes@0 label@0:l1 label@1:l2 label@2:l3");
	parse_fails(f, "/dts-v1/; / { a = [0 1]; };",
		    "t.dts:1:20: error: syntax error: unexpected '0'; expected two hex digits, "
		    "a label or ']' [dts-syntax]\n");
}

static void test_mixed_values_keep_typed_markers(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { p = l0: \"a\", l1: <1 l2: &n>, /bits/ 16 <2>, "
		    "[03] l3:, &n; n: n { }; };");
	struct dt_property *p = prop(f, "/", "p");

	VALUE(f, "/", "p", 'a', 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 3, '/', 'n', 0);
	assert_string_equal(markers(p), "label@0:l0 string@0 label@2:l1 u32@2 label@6:l2 "
					"phandle@6:n u16@10 bytes@12 label@13:l3 "
					"string@13:n path@13:n");
	assert_loc(p->markers->next->next->next->next->next->loc, "t.dts", 1, 39);
}

static void test_property_and_node_names(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { #address-cells = <1>; vendor,name-1.2+x?y*z#w_u = <2>; "
		    "123 = <3>; \\escaped = <4>; \\#h; node@1,2 { }; 1wire { }; a.b+c { }; "
		    "\\esc-node { }; };");
	assert_string_equal(props(f->t.root),
			    "#address-cells vendor,name-1.2+x?y*z#w_u 123 escaped #h");
	assert_string_equal(children(f, f->t.root), "node@1,2 1wire a.b+c esc-node");
}

/* The lexer takes '@' in a property name and '#' in a node name; dtc's checks refuse them. */
static void test_name_characters_checked_as_dtc(void **state)
{
	struct fixture *f = *state;

	parse_fails(f, "/dts-v1/; / { a@b = <1>; };",
		    "t.dts:1:15: error: /:a@b: Bad character '@' in property name [dts-semantic]\n");
	parse_fails(f, "/dts-v1/; / { c#1 { }; };",
		    "t.dts:1:15: error: /c#1: Bad character '#' in node name [dts-semantic]\n");
	parse_fails(f, "/dts-v1/; / { u@1@2 { }; };",
		    "t.dts:1:15: error: /u@1@2: multiple '@' characters in node name [dts-semantic]\n");
}

/* dtc 1.7: &{label/path}, as a node extension, a path value and a phandle. */
static void test_label_relative_path_references(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { q = &{a/p/r}; h = <&{a/p}>; a: n { p { r { }; }; }; };\n"
		    "&{a/p} { x = <1>; };\n&{a/p/r} { y; };");
	STRVALUE(f, "/", "q", "/n/p/r");
	VALUE(f, "/", "h", 0, 0, 0, 1);
	VALUE(f, "/n/p", "x", 0, 0, 0, 1);
	assert_non_null(prop(f, "/n/p/r", "y"));
	assert_int_equal(parse(f, "/dts-v1/; / { a: n { }; };\n&{a/missing} { x; };"), -DTBIND_EPARSE);
}

static void test_path_references_expand_and_shift_markers(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { aliases { s0 = &uart; s1 = &{/soc/i2c@10}; "
		    "both = \"x\", &uart, <&uart> l:; }; soc { uart: serial { }; i2c@10 { }; }; };");
	STRVALUE(f, "/aliases", "s0", "/soc/serial");
	STRVALUE(f, "/aliases", "s1", "/soc/i2c@10");
	VALUE(f, "/aliases", "both", 'x', 0, '/', 's', 'o', 'c', '/', 's', 'e', 'r', 'i', 'a', 'l', 0,
	      0, 0, 0, 1);
	assert_string_equal(markers(prop(f, "/aliases", "both")),
			    "string@0 string@2:uart path@2:uart u32@14 phandle@14:uart label@18:l");
	assert_true(node(f, "/soc/serial")->referenced);
	/* A path reference gives no phandle. */
	assert_int_equal(node(f, "/soc/i2c@10")->phandle, 0);
}

/* ---- phandles ---------------------------------------------------------- */

static void test_phandles_in_order_of_first_reference(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / {\n"
		    "\trefs = <&c &a &{/b} &a>;\n"
		    "\ta: a { phandle = <2>; };\n"
		    "\tb { };\n"
		    "\tc: c { };\n"
		    "\td: d { linux,phandle = <7>; };\n"
		    "\te: e { phandle = <&e>; };\n"
		    "\tuser { x = <&d &e &r>; y = <&{/}>; };\n"
		    "\tr: r { };\n"
		    "};\n");
	struct dt_property *refs = prop(f, "/", "refs");

	/* c gets 1; a keeps its 2; b skips 2 and takes 3; e, r and the root follow. */
	assert_int_equal(cell(refs, 0), 1);
	assert_int_equal(cell(refs, 1), 2);
	assert_int_equal(cell(refs, 2), 3);
	assert_int_equal(cell(refs, 3), 2);
	assert_string_equal(props(node(f, "/c")), "phandle");
	VALUE(f, "/c", "phandle", 0, 0, 0, 1);
	assert_string_equal(markers(prop(f, "/c", "phandle")), "u32@0");
	assert_string_equal(props(node(f, "/a")), "phandle");
	assert_string_equal(props(node(f, "/d")), "linux,phandle");	/* honoured, not added */
	VALUE(f, "/e", "phandle", 0, 0, 0, 4);	/* <&self>: filled in place */
	struct dt_property *x = prop(f, "/user", "x");

	assert_int_equal(cell(x, 0), 7);
	assert_int_equal(cell(x, 1), 4);
	assert_int_equal(cell(x, 2), 5);
	assert_int_equal(cell(prop(f, "/user", "y"), 0), 6);
	VALUE(f, "/", "phandle", 0, 0, 0, 6);
	assert_ptr_equal(dt_find_phandle(&f->t, 5), node(f, "/r"));
	assert_int_equal(node(f, "/user")->phandle, 0);
	assert_false(node(f, "/user")->referenced);
	assert_true(node(f, "/r")->referenced);
}

static void test_phandle_errors(void **state)
{
	struct fixture *f = *state;

	parse_fails(f, "/dts-v1/;\n/ {\n\ta { phandle = <1>; };\n\tb { phandle = <1>; };\n"
		       "\tc { phandle = <1 2>; };\n\td { phandle = <0>; linux,phandle = <0xffffffff>; };\n"
		       "\to: e { };\n\tg { phandle = <&o>; };\n"
		       "\th { phandle = <3>; linux,phandle = <4>; };\n};\n",
		    "t.dts:4:2: error: /b: duplicated phandle 0x1 (seen before at /a) [dts-semantic]\n"
		    "t.dts:5:6: error: /c:phandle: bad length (8) phandle property [dts-semantic]\n"
		    "t.dts:6:6: error: /d:phandle: bad value (0x0) in phandle property [dts-semantic]\n"
		    "t.dts:6:21: error: /d:linux,phandle: bad value (0xffffffff) in linux,phandle "
		    "property [dts-semantic]\n"
		    "t.dts:8:6: error: /g: phandle is a reference to another node [dts-semantic]\n"
		    "t.dts:9:2: error: /h: mismatching 'phandle' and 'linux,phandle' properties "
		    "[dts-semantic]\n");
}

/* ---- merging and deleting ------------------------------------------------ */

static void test_repeated_root_and_extensions_merge(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n"
		    "/ {\n\tcompatible = \"first\";\n\ta: node-a { p1 = <1>; p2 = <2>; s { }; };\n"
		    "\tb: node-b { };\n};\n"
		    "/ {\n\tcompatible = \"second\";\n\tmodel = \"m\";\n"
		    "\tnode-a { p1 = <11>; p3; t { }; };\n};\n"
		    "&a { p2 = \"two\"; };\n"
		    "x: &{/node-b} { q; };\n"
		    "&x { r; };\n");
	struct dt_node *a = node(f, "/node-a");

	assert_string_equal(props(f->t.root), "compatible model");
	STRVALUE(f, "/", "compatible", "second");
	/* An override keeps the first position and takes the new location. */
	assert_string_equal(props(a), "p1 p2 p3");
	VALUE(f, "/node-a", "p1", 0, 0, 0, 11);
	STRVALUE(f, "/node-a", "p2", "two");
	assert_loc(prop(f, "/node-a", "p1")->loc, "t.dts", 10, 11);
	assert_loc(prop(f, "/node-a", "p2")->loc, "t.dts", 12, 6);
	assert_loc(a->loc, "t.dts", 4, 5);
	assert_string_equal(children(f, a), "s t");
	assert_string_equal(props(node(f, "/node-b")), "q r");
	assert_string_equal(labels(node(f, "/node-b")->labels), "x b");
	assert_ptr_equal(dt_find_label(&f->t, "x"), node(f, "/node-b"));
}

static void test_delete_node_and_property(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n"
		    "/ { a: a { p; q; s { }; t { }; }; b { }; c: c { x; }; d { }; };\n"
		    "&a { /delete-property/ p; /delete-node/ s; };\n"
		    "/delete-node/ &{/b};\n"
		    "/delete-node/ &c;\n"
		    "/ { c { y; }; p { }; };\n"
		    "/ { p { }; /delete-node/ p; };\n"
		    "/ { a { p = <5>; }; };\n"
		    "/ { d { /delete-property/ nothing; /delete-node/ nothing; }; };\n");
	assert_string_equal(children(f, f->t.root), "a c d");
	/* Revived properties come back in their old place; a deleted node keeps none of its past. */
	assert_string_equal(props(node(f, "/a")), "p q");
	assert_string_equal(children(f, node(f, "/a")), "t");
	assert_string_equal(props(node(f, "/c")), "y");
	assert_null(node(f, "/c")->labels);
	assert_null(dt_find_label(&f->t, "c"));
	parse_fails(f, "/dts-v1/;\n/ { c: c { }; };\n/delete-node/ &c;\n/ { p = <&c>; };\n",
		    "t.dts:4:10: error: /: reference to non-existent node or label '&c' "
		    "[dts-semantic]\n");
}

static void test_delete_in_a_first_body_is_not_applied(void **state)
{
	struct fixture *f = *state;

	/* dtc only applies deletions when merging: in a node's first body they are duplicates. */
	parse_fails(f, "/dts-v1/;\n/ {\n\tp;\n\t/delete-property/ p;\n\ta { };\n"
		       "\t/delete-node/ a;\n};\n",
		    "t.dts:6:16: error: /a: duplicate node name [dts-semantic]\n");
	assert_string_equal(props(f->t.root), "p");
	assert_string_equal(children(f, f->t.root), "a");
}

static void test_omit_if_no_ref(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n/ {\n"
		    "\t/omit-if-no-ref/ unused { };\n"
		    "\t/omit-if-no-ref/ u1: used1 { };\n"
		    "\t/omit-if-no-ref/ u2: used2 { };\n"
		    "\tl: plain { };\n"
		    "\tx: x { /omit-if-no-ref/ inner { }; };\n"
		    "\tkept { };\n"
		    "\tuser { p = <&u1>; q = &u2; };\n"
		    "};\n"
		    "/omit-if-no-ref/ &x;\n"
		    "/omit-if-no-ref/ &{/kept};\n"
		    "/ { kept { }; };\n"
		    "&l { ok; };\n");
	assert_string_equal(children(f, f->t.root), "used1 used2 plain user");
	assert_int_equal(node(f, "/used1")->phandle, 1);
}

static void test_duplicates_are_reported(void **state)
{
	struct fixture *f = *state;

	parse_fails(f, "/dts-v1/;\n/ {\n\tx: a { p; p = <1>; };\n\tx: b { };\n\ta { };\n"
		       "\tc { y: q; r = y: <1>; };\n};\n",
		    "t.dts:5:2: error: /a: duplicate node name [dts-semantic]\n"
		    "t.dts:3:12: error: /a:p: duplicate property name [dts-semantic]\n"
		    "t.dts:4:2: error: duplicate label 'x' on /b and /a [dts-semantic]\n"
		    "t.dts:6:16: error: duplicate label 'y' on value of 'r' in /c and 'q' in /c "
		    "[dts-semantic]\n");
	/* Labels repeated on one node are one label. */
	parse_ok(f, "/dts-v1/; / { l: l: n { }; }; l: &l { }; &{/n} { };");
	assert_string_equal(labels(node(f, "/n")->labels), "l");
}

static void test_name_property_is_dropped_when_redundant(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/; / { cpu@0 { name = \"cpu\"; x; }; };");
	assert_string_equal(props(node(f, "/cpu@0")), "x");
	parse_fails(f, "/dts-v1/;\n/ {\n\tn@1 { name = \"m\"; };\n\tk { name = <1>; };\n};\n",
		    "t.dts:3:8: error: /n@1: \"name\" property is incorrect (\"m\" instead of base "
		    "node name) [dts-semantic]\n"
		    "t.dts:4:6: error: /k:name: property is not a string [dts-semantic]\n");
}

/* ---- labels, memreserve, plugins ------------------------------------------- */

static void test_labels_everywhere(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\nm1: m2: /memreserve/ 0x1000 0x10;\n/memreserve/ (1 << 20) 0x20;\n"
		    "/ { l1: l2: n { pl: pl2: p = <1>; }; };\nl3: &l1 { };\n");
	struct dt_reserve *r = f->t.reserves;

	assert_non_null(r);
	assert_int_equal(r->address, 0x1000);
	assert_int_equal(r->size, 0x10);
	assert_string_equal(labels(r->labels), "m1 m2");
	assert_int_equal(r->next->address, 1 << 20);
	assert_null(r->next->next);
	assert_string_equal(labels(node(f, "/n")->labels), "l3 l1 l2");
	assert_string_equal(labels(prop(f, "/n", "p")->labels), "pl pl2");
}

static void test_plugin_keeps_unresolved_references(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n/plugin/;\n/ {\n\tl: local { };\n"
		    "\tuser { p = <&ext 1 &l>; };\n};\n"
		    "&ext { status = \"okay\"; q = <&l>; };\n&l { merged; };\n"
		    "&{/soc} { r; };\n");
	assert_true(f->t.plugin);
	struct dt_property *p = prop(f, "/user", "p");

	assert_int_equal(cell(p, 0), 0xffffffff);
	assert_int_equal(cell(p, 2), 1);
	assert_string_equal(markers(p), "u32@0 phandle@0:ext phandle@8:l");
	assert_loc(p->markers->next->loc, "t.dts", 5, 14);
	/* Extensions of labels it lacks, and every path extension, are kept aside. */
	assert_string_equal(props(node(f, "/local")), "merged phandle");
	struct dt_node *o = f->t.orphans;

	assert_string_equal(o->name, "ext");
	assert_null(o->parent);
	assert_string_equal(props(o), "status q");
	assert_int_equal(cell(dt_node_prop(o, "q"), 0), 1);
	assert_string_equal(o->next->name, "/soc");
	assert_loc(o->next->loc, "t.dts", 9, 1);
	assert_null(o->next->next);
	/* A plugin may start with an extension: the root is then empty. */
	parse_ok(f, "/dts-v1/; /plugin/; &t { a; }; / { b; };");
	assert_string_equal(props(f->t.root), "b");
	assert_string_equal(f->t.orphans->name, "t");
	assert_string_equal(props(f->t.orphans), "a");
	/* Unresolved path references are errors even in a plugin, as in dtc. */
	parse_fails(f, "/dts-v1/; /plugin/; / { p = &{/x}; }; l: &nowhere { };",
		    "t.dts:1:42: error: label or path '&nowhere' not found [dts-semantic]\n"
		    "t.dts:1:29: error: /: reference to non-existent node or label '&{/x}' "
		    "[dts-semantic]\n");
}

/* ---- locations --------------------------------------------------------- */

static void test_names_keep_their_locations(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "/dts-v1/;\n/ {\n\tsoc {\n\t\tu: uart@1 {\n\t\t\treg = <1>;\n"
		    "\t\t\tlbl: flag;\n\t\t};\n\t};\n};\n");
	assert_loc(f->t.root->loc, "t.dts", 2, 1);
	assert_loc(node(f, "/soc")->loc, "t.dts", 3, 2);
	assert_loc(node(f, "/soc/uart@1")->loc, "t.dts", 4, 6);
	assert_loc(prop(f, "/soc/uart@1", "reg")->loc, "t.dts", 5, 4);
	assert_loc(prop(f, "/soc/uart@1", "flag")->loc, "t.dts", 6, 9);
}

static void test_line_markers_relocate(void **state)
{
	struct fixture *f = *state;

	parse_ok(f, "# 1 \"board.dts\"\n"
		    "# 1 \"<built-in>\" 1\n"
		    "/dts-v1/;\n"
		    "# 1 \"dir/soc.dtsi\" 1\n"
		    "/ {\n"
		    "\tsoc: soc { compatible = \"x\"; };\n"
		    "};\n"
		    "# 7 \"board.dts\" 2\n"
		    "&soc { status = \"okay\"; };\n"
		    "#line 40 \"a\\\\b.dts\"\n"
		    "/ { late; };\n");
	assert_loc(node(f, "/soc")->loc, "dir/soc.dtsi", 2, 7);
	assert_loc(prop(f, "/soc", "compatible")->loc, "dir/soc.dtsi", 2, 13);
	assert_loc(prop(f, "/soc", "status")->loc, "board.dts", 7, 8);
	assert_loc(prop(f, "/", "late")->loc, "a\\b.dts", 40, 5);
	/* Errors are located the same way. */
	parse_fails(f, "/dts-v1/;\n# 10 \"x.dtsi\"\n/ {\n\tp = <&nope>;\n};\n",
		    "x.dtsi:11:7: error: /: reference to non-existent node or label '&nope' "
		    "[dts-semantic]\n");
}

static void test_srcmap_relocates_names(void **state)
{
	struct fixture *f = *state;
	struct srcmap map;

	srcmap_init(&map);
	char *file = strdup("binding.yaml");	/* the tree must not depend on the map's names */

	assert_non_null(file);
	assert_int_equal(srcmap_push(&map, file, 30, 6), 0);
	assert_int_equal(srcmap_push(&map, file, 31, 6), 0);
	assert_int_equal(srcmap_push(&map, file, 32, 6), 0);
	assert_int_equal(parse_named(f, "wrapped.dts", "/dts-v1/;\n/ {\n\tn { p = <&x>; };\n};\n",
				     &map), -DTBIND_EPARSE);
	assert_string_equal(output(f), "binding.yaml:32:17: error: /n: reference to non-existent "
				       "node or label '&x' [dts-semantic]\n");
	free(file);
	srcmap_free(&map);
	assert_loc(node(f, "/n")->loc, "binding.yaml", 32, 8);
	assert_loc(prop(f, "/n", "p")->loc, "binding.yaml", 32, 12);
	/* Lines past the map continue its last entry. */
	assert_loc(f->t.root->loc, "binding.yaml", 31, 7);
}

/* ---- /include/ and /incbin/ ---------------------------------------------- */

/* Write @len bytes of @text, or all of it when @len is 0. */
static void write_file(const char *dir, const char *name, const char *text, size_t len)
{
	char path[256];
	FILE *fp;

	if (!len)
		len = strlen(text);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(text, 1, len, fp), len);
	fclose(fp);
}

static void make_dir(struct fixture *f)
{
	char sub[128];

	strcpy(f->dir, "/tmp/dtbind-test-dts-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(sub, sizeof(sub), "%s/inc", f->dir);
	assert_int_equal(mkdir(sub, 0700), 0);
}

static void test_include_resolves_from_the_including_file(void **state)
{
	struct fixture *f = *state;
	char main_path[128], text[512];

	make_dir(f);
	write_file(f->dir, "inc/a.dtsi", "/include/ \"b.dtsi\"\n/ { a; };\n", 0);
	write_file(f->dir, "inc/b.dtsi", "/ {\n\tb = <&lbl>;\n\tlbl: n { };\n};\n", 0);
	write_file(f->dir, "inc/body.dtsi", "\tfrom-body;\n\tbad = <&missing>;\n", 0);
	snprintf(main_path, sizeof(main_path), "%s/main.dts", f->dir);
	snprintf(text, sizeof(text), "/dts-v1/;\n/include/ \"inc/a.dtsi\"\n"
				     "/ {\n/include/ \"inc/body.dtsi\"\n\tafter;\n};\n");
	assert_int_equal(parse_named(f, main_path, text, NULL), -DTBIND_EPARSE);
	assert_string_equal(props(f->t.root), "b a from-body bad after");
	char expected[512];

	/* Included files are located in themselves. */
	snprintf(expected, sizeof(expected), "%s/inc/body.dtsi:2:9: error: /: reference to "
		 "non-existent node or label '&missing' [dts-semantic]\n", f->dir);
	assert_string_equal(output(f), expected);
	snprintf(expected, sizeof(expected), "%s/inc/b.dtsi", f->dir);
	assert_loc(prop(f, "/", "b")->loc, expected, 2, 2);
	assert_loc(prop(f, "/", "after")->loc, main_path, 5, 2);

	snprintf(text, sizeof(text), "/dts-v1/;\n/ { };\n/include/ \"nope.dtsi\"\n");
	assert_int_equal(parse_named(f, main_path, text, NULL), -DTBIND_EPARSE);
	snprintf(expected, sizeof(expected), "%s:3:1: error: cannot open include file 'nope.dtsi': "
		 "No such file or directory [dts-syntax]\n", main_path);
	assert_string_equal(output(f), expected);
}

static void test_include_depth_is_limited(void **state)
{
	struct fixture *f = *state;
	char path[128], expected[256];

	make_dir(f);
	write_file(f->dir, "self.dtsi", "/include/ \"self.dtsi\"\n", 0);
	snprintf(path, sizeof(path), "%s/main.dts", f->dir);
	assert_int_equal(parse_named(f, path, "/dts-v1/;\n/include/ \"self.dtsi\"\n/ { };\n", NULL),
			 -DTBIND_EPARSE);
	snprintf(expected, sizeof(expected), "%s/self.dtsi:1:1: error: includes nested too deeply "
		 "(more than 200 levels) [dts-syntax]\n", f->dir);
	assert_string_equal(output(f), expected);
}

static void test_incbin(void **state)
{
	struct fixture *f = *state;
	char path[128], text[512];

	make_dir(f);
	write_file(f->dir, "inc/blob.bin", "ABCDEFGH\0\1", 10);
	snprintf(path, sizeof(path), "%s/main.dts", f->dir);
	snprintf(text, sizeof(text), "/dts-v1/;\n/ {\n\tall = /incbin/(\"inc/blob.bin\");\n"
				     "\tpart = /incbin/(\"inc/blob.bin\", 2, (1 + 2));\n"
				     "\tpast = /incbin/(\"inc/blob.bin\", 20, 4);\n"
				     "\tmix = \"x\", /incbin/(\"inc/blob.bin\", 8, 100);\n"
				     "\tnone = /incbin/(\"inc/none.bin\");\n};\n");
	assert_int_equal(parse_named(f, path, text, NULL), -DTBIND_EPARSE);
	VALUE(f, "/", "all", 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 0, 1);
	VALUE(f, "/", "part", 'C', 'D', 'E');
	assert_int_equal(prop(f, "/", "past")->len, 0);
	VALUE(f, "/", "mix", 'x', 0, 0, 1);
	assert_string_equal(markers(prop(f, "/", "mix")), "string@0 bytes@2");
	char expected[256];

	snprintf(expected, sizeof(expected), "%s:7:18: error: cannot open /incbin/ file "
		 "'inc/none.bin': No such file or directory [dts-syntax]\n", path);
	assert_string_equal(output(f), expected);
}

/* ---- errors ------------------------------------------------------------- */

/* Each input and its whole diagnostic output (the file is t.dts). */
static const struct {
	const char *src;
	const char *out;
} error_cases[] = {
	{ "/ { };\n",
	  "t.dts:1:1: error: syntax error: unexpected '/'; expected '/dts-v1/' [dts-syntax]\n" },
	{ "/dts-v1/;\n",
	  "t.dts:2:1: error: syntax error: unexpected end of input; expected '/' or a reference "
	  "[dts-syntax]\n" },
	{ "/dts-v1/;\n/dts-v1/;\n/plugin/;\n/ { };\n",
	  "t.dts:2:1: error: header flags don't match earlier ones [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\ta = <1>\n\tb;\n};\n",
	  "t.dts:4:2: error: syntax error: unexpected 'b'; expected ',' or ';' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tn { };\n\tp;\n};\n",
	  "t.dts:4:2: error: properties must precede subnodes [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <1 FOO 2>;\n};\n",
	  "t.dts:3:9: error: syntax error: unexpected 'FOO'; expected a number, a reference, "
	  "a label or '>' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <-1>;\n};\n",
	  "t.dts:3:7: error: syntax error: unexpected '-'; expected a number, a reference, "
	  "a label or '>' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = ;\n};\n",
	  "t.dts:3:6: error: syntax error: unexpected ';'; expected a string, '<', '[', "
	  "a reference or '/incbin/' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\t/omit-if-no-ref/ p;\n};\n",
	  "t.dts:3:20: error: syntax error: unexpected ';'; expected '{' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ { l: n { }; };\na: b: &l { };\n",
	  "t.dts:3:4: error: syntax error: unexpected label 'b:'; expected a reference "
	  "[dts-syntax]\n" },
	{ "/dts-v1/;\n/ { };\n/memreserve/ 0 1;\n",
	  "t.dts:3:1: error: syntax error: unexpected '/memreserve/'; expected '/', a reference, "
	  "'/delete-node/' or '/omit-if-no-ref/' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tn {\n\t\tp;\n",
	  "t.dts:5:1: error: syntax error: unexpected end of input; expected '}' or a property "
	  "or node [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <(1 + )>;\n};\n",
	  "t.dts:3:12: error: syntax error: unexpected ')'; expected a number, a character "
	  "literal or '(' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <(1 ? 2)>;\n};\n",
	  "t.dts:3:13: error: syntax error: unexpected ')'; expected ':' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = /bits/ <1>;\n};\n",
	  "t.dts:3:13: error: syntax error: unexpected '<'; expected the element size in bits "
	  "[dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = [ab c];\n};\n",
	  "t.dts:3:10: error: syntax error: unexpected 'c'; expected two hex digits, a label "
	  "or ']' [dts-syntax]\n" },
	/* lexical */
	{ "/dts-v1/;\n/ {\n\tp = <08>;\n};\n",
	  "t.dts:3:7: error: bad integer literal '08' [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <0x1ffffffffffffffff>;\n};\n",
	  "t.dts:3:7: error: integer literal '0x1ffffffffffffffff' out of range [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <''>;\n};\n",
	  "t.dts:3:7: error: empty character literal [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <'ab'>;\n};\n",
	  "t.dts:3:7: error: character literal has 2 characters instead of 1 [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = \"\\xZZ\";\n};\n",
	  "t.dts:3:6: error: \\x used with no following hex digits [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = \"abc;\n};\n",
	  "t.dts:3:6: error: unterminated string [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\t/* p;\n};\n",
	  "t.dts:3:2: error: unterminated comment [dts-syntax]\n" },
	{ "/dts-v1/;\n/ {\n\tp = \"a\\\nb\";\n};\n",
	  "t.dts:3:6: error: unterminated string [dts-syntax]\n" },
	/* values */
	{ "/dts-v1/;\n/ {\n\tp = /bits/ 7 <1>;\n};\n",
	  "t.dts:3:13: error: array elements must be 8, 16, 32 or 64-bits [dts-semantic]\n" },
	{ "/dts-v1/;\n/ {\n\tp = /bits/ 8 <&l>;\n\tl: n { };\n};\n",
	  "t.dts:3:16: error: references are only allowed in arrays with 32-bit elements "
	  "[dts-semantic]\n" },
	{ "/dts-v1/;\n/ {\n\tp = <(1 / 0) (5 % (2 - 2))>;\n};\n",
	  "t.dts:3:8: error: division by zero [dts-semantic]\n"
	  "t.dts:3:16: error: division by zero [dts-semantic]\n" },
	/* references */
	{ "/dts-v1/;\n/ { };\n&nowhere { a; };\n",
	  "t.dts:3:1: error: label or path '&nowhere' not found [dts-semantic]\n" },
	{ "/dts-v1/;\n&nowhere { a; };\n",
	  "t.dts:2:1: error: label or path '&nowhere' not found [dts-semantic]\n" },
	{ "/dts-v1/;\n/ { };\n&{/x/y} { a; };\n",
	  "t.dts:3:1: error: label or path '&{/x/y}' not found [dts-semantic]\n" },
	{ "/dts-v1/;\n/ { };\n/delete-node/ &nowhere;\n/omit-if-no-ref/ &{/no};\n",
	  "t.dts:3:15: error: label or path '&nowhere' not found [dts-semantic]\n"
	  "t.dts:4:18: error: label or path '&{/no}' not found [dts-semantic]\n" },
	{ "/dts-v1/;\n/ {\n\tn { p = <&nowhere>, &{/no/such}; };\n};\n",
	  "t.dts:3:11: error: /n: reference to non-existent node or label '&nowhere' "
	  "[dts-semantic]\n"
	  "t.dts:3:22: error: /n: reference to non-existent node or label '&{/no/such}' "
	  "[dts-semantic]\n" },
	/* a label defined later cannot be extended earlier */
	{ "/dts-v1/;\n/ { };\n&late { };\n/ { late: n { }; };\n",
	  "t.dts:3:1: error: label or path '&late' not found [dts-semantic]\n" },
	/* a stray '}' at the top level is skipped with its ';' */
	{ "/dts-v1/;\n/ { };\n};\n/ { a = <&x>; };\n",
	  "t.dts:3:1: error: syntax error: unexpected '}'; expected '/', a reference, "
	  "'/delete-node/' or '/omit-if-no-ref/' [dts-syntax]\n" },
	/* recovery: one error per statement, parsing goes on */
	{ "/dts-v1/;\n/ {\n\ta = <1 2;\n\tb = \"x\" \"y\";\n\tc = <&ok>;\n\tok: n { };\n"
	  "\td = <&bad>;\n};\n",
	  "t.dts:3:10: error: syntax error: unexpected ';'; expected a number, a reference, "
	  "a label or '>' [dts-syntax]\n"
	  "t.dts:4:10: error: syntax error: unexpected string \"y\"; expected ',' or ';' "
	  "[dts-syntax]\n"
	  "t.dts:7:2: error: properties must precede subnodes [dts-syntax]\n" },
};

static void test_error_messages(void **state)
{
	struct fixture *f = *state;

	for (size_t i = 0; i < ARRAY_SIZE(error_cases); i++) {
		int ret = parse(f, error_cases[i].src);

		if (strcmp(output(f), error_cases[i].out) != 0)
			fail_msg("case %zu:\n%s\nexpected:\n%s\ngot:\n%s", i, error_cases[i].src,
				 error_cases[i].out, output(f));
		assert_int_equal(ret, -DTBIND_EPARSE);
		assert_true(f->t.errors > 0);
		/* Whatever went wrong, the root exists. */
		assert_non_null(f->t.root);
	}
}

static void test_syntax_errors_are_capped(void **state)
{
	struct fixture *f = *state;
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "/dts-v1/;\n/ {\n");
	for (int i = 0; i < 200; i++)
		sb_puts(&sb, "\tp = =;\n");
	sb_puts(&sb, "};\n");
	assert_int_equal(parse(f, sb_cstr(&sb)), -DTBIND_EPARSE);
	sb_free(&sb);
	/* 50 errors, then one line to say so. */
	const char *out = output(f);
	unsigned lines = 0;

	for (const char *p = out; (p = strchr(p, '\n')); p++)
		lines++;
	assert_int_equal(lines, 51);
	assert_non_null(strstr(out, "t.dts:52:6: error: too many errors, giving up [dts-syntax]\n"));
}

static void test_nesting_is_bounded(void **state)
{
	struct fixture *f = *state;
	struct strbuf sb;

	sb_init(&sb);
	sb_puts(&sb, "/dts-v1/; / ");
	for (int i = 0; i < 300; i++)
		sb_puts(&sb, "{ n ");
	sb_puts(&sb, "{ };");
	assert_int_equal(parse(f, sb_cstr(&sb)), -DTBIND_EPARSE);
	assert_string_equal(output(f), "t.dts:1:1037: error: nodes nested too deeply (more than "
				       "256 levels) [dts-syntax]\n");
	sb_free(&sb);

	sb_init(&sb);
	sb_puts(&sb, "/dts-v1/; / { p = <");
	for (int i = 0; i < 300; i++)
		sb_puts(&sb, "(");
	sb_puts(&sb, "1");
	for (int i = 0; i < 300; i++)
		sb_puts(&sb, ")");
	sb_puts(&sb, ">; };");
	assert_int_equal(parse(f, sb_cstr(&sb)), -DTBIND_EPARSE);
	assert_string_equal(output(f), "t.dts:1:276: error: expression nested too deeply (more "
				       "than 256 levels) [dts-syntax]\n");
	sb_free(&sb);

	sb_init(&sb);
	sb_puts(&sb, "/dts-v1/; / { p = <(");
	for (int i = 0; i < 100; i++)
		sb_puts(&sb, "- ~ ! ");
	sb_puts(&sb, "1)>; };");
	assert_int_equal(parse(f, sb_cstr(&sb)), -DTBIND_EPARSE);
	assert_string_equal(output(f), "t.dts:1:149: error: expression nested too deeply (more "
				       "than 64 levels) [dts-syntax]\n");
	sb_free(&sb);
}

/* Extensions chained through labels make a tree deeper than any body: no recursion over it. */
static void test_deep_trees_from_merges(void **state)
{
	struct fixture *f = *state;
	struct strbuf sb;
	const unsigned depth = 20000;

	sb_init(&sb);
	sb_puts(&sb, "/dts-v1/; / { l0: n { }; user { p = <&l0>; }; };\n");
	for (unsigned i = 1; i < depth; i++)
		sb_printf(&sb, "&l%u { l%u: n { }; };\n", i - 1, i);
	size_t common = sb.len;

	sb_printf(&sb, "/ { user { q = <&l%u>; r = &l%u; }; };\n", depth - 1, depth - 1);
	assert_int_equal(parse(f, sb_cstr(&sb)), 0);
	assert_string_equal(output(f), "");
	assert_int_equal(prop(f, "/user", "r")->len, 2 * depth + 1);
	assert_int_equal(cell(prop(f, "/user", "q"), 0), 2);
	assert_int_equal(dt_find_label(&f->t, "l19999")->phandle, 2);

	sb.len = common;
	sb_puts(&sb, "/delete-node/ &l1;\n");
	assert_int_equal(parse(f, sb_cstr(&sb)), 0);
	sb_free(&sb);
	assert_null(dt_find_label(&f->t, "l5"));
	assert_non_null(dt_find_label(&f->t, "l0"));
	assert_string_equal(children(f, node(f, "/n")), "");
}

static void test_empty_and_odd_inputs(void **state)
{
	struct fixture *f = *state;
	static const char nul_text[] = "/dts-v1/; / { p\0 };";

	assert_int_equal(parse(f, ""), -DTBIND_EPARSE);
	assert_non_null(f->t.root);
	assert_string_equal(output(f), "t.dts:1:1: error: syntax error: unexpected end of input; "
				       "expected '/dts-v1/' [dts-syntax]\n");
	reset(f);
	assert_int_equal(dts_parse(&f->t, "t.dts", nul_text, sizeof(nul_text) - 1, NULL, f->diag),
			 -DTBIND_EPARSE);
	assert_string_equal(output(f), "t.dts:1:16: error: syntax error: unexpected character "
				       "0x00; expected '=', ';' or '{' [dts-syntax]\n");
	/* Without a sink, errors are only counted. */
	reset(f);
	assert_int_equal(dts_parse(&f->t, "t.dts", "/dts-v1/; / { p = <&x>; };", 26, NULL, NULL),
			 -DTBIND_EPARSE);
	assert_int_equal(f->t.errors, 1);
	/* A "//" comment may end the input without a newline. */
	parse_ok(f, "/dts-v1/; / { }; // end");
}

static void test_lexer_start_conditions(void **state)
{
	struct fixture *f = *state;

	/* Names are lexed only after '{', ';' and the /delete-.../ keywords; numbers elsewhere. */
	parse_ok(f, "/dts-v1/; / { 0x10 = <0x10>; x = [ab:cd]; 1 { }; a: b: 0 { }; };");
	assert_string_equal(props(f->t.root), "0x10 x");
	assert_string_equal(children(f, f->t.root), "1 0");
	assert_string_equal(labels(node(f, "/0")->labels), "a b");
	VALUE(f, "/", "x", 0xcd);
	assert_string_equal(markers(prop(f, "/", "x")), "bytes@0 label@0:ab");
	/* dtc's longest match: '\\'' is one literal ending at the second quote. */
	parse_ok(f, "/dts-v1/; / { c = <'\\''>; d = <'a' 'b'>; };");
	VALUE(f, "/", "c", 0, 0, 0, '\'');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
		T(test_model_nodes_props_and_lookups),
		T(test_model_set_prop_replaces_in_place),
		T(test_model_orphan_paths_name_their_target),
		T(test_cells_bits_and_widths),
		T(test_every_integer_operator),
		T(test_values_truncate_to_the_cell_width),
		T(test_strings_and_escapes),
		T(test_bytestrings),
		T(test_mixed_values_keep_typed_markers),
		T(test_property_and_node_names),
		T(test_name_characters_checked_as_dtc),
		T(test_path_references_expand_and_shift_markers),
		T(test_label_relative_path_references),
		T(test_phandles_in_order_of_first_reference),
		T(test_phandle_errors),
		T(test_repeated_root_and_extensions_merge),
		T(test_delete_node_and_property),
		T(test_delete_in_a_first_body_is_not_applied),
		T(test_omit_if_no_ref),
		T(test_duplicates_are_reported),
		T(test_name_property_is_dropped_when_redundant),
		T(test_labels_everywhere),
		T(test_plugin_keeps_unresolved_references),
		T(test_names_keep_their_locations),
		T(test_line_markers_relocate),
		T(test_srcmap_relocates_names),
		T(test_include_resolves_from_the_including_file),
		T(test_include_depth_is_limited),
		T(test_incbin),
		T(test_error_messages),
		T(test_syntax_errors_are_capped),
		T(test_nesting_is_bounded),
		T(test_deep_trees_from_merges),
		T(test_empty_and_odd_inputs),
		T(test_lexer_start_conditions),
#undef T
	};

	return cmocka_run_group_tests_name("dts", tests, NULL, NULL);
}
