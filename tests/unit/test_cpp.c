// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_cpp.c - the preprocessor: macros, conditionals, includes, the
 * assembler-with-cpp rules DTS relies on, located errors, limits, and the
 * source map of the output, down to where validate and exampletest report.
 */
#define _XOPEN_SOURCE 700
#include <limits.h>
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

#include "cpp.h"
#include "exampletest/exampletest.h"
#include "validate/validate.h"

struct fixture {
	FILE *out;
	char *diag_text;
	size_t diag_len;
	struct dtbind_diag *diag;
	char dir[64];
	char old_cwd[PATH_MAX];
	struct cpp_output o;
	int ret;
	const char *defines[8];
	size_t n_defines;
	unsigned max_depth;
};

/* Each test runs in a fresh temporary directory: includes are written there. */
static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !getcwd(f->old_cwd, sizeof(f->old_cwd)))
		return -1;
	strcpy(f->dir, "/tmp/dtbind-test-cpp-XXXXXX");
	if (!mkdtemp(f->dir) || chdir(f->dir))
		return -1;
	f->out = open_memstream(&f->diag_text, &f->diag_len);
	if (!f->out)
		return -1;
	f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC);
	if (!f->diag)
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	cpp_output_free(&f->o);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->diag_text);
	if (chdir(f->old_cwd))
		return -1;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	if (system(cmd))
		return -1;
	free(f);
	return 0;
}

static const char *diag_output(struct fixture *f)
{
	fflush(f->out);
	return f->diag_text ? f->diag_text : "";
}

/* Write @text to @path (relative to the test directory), making directories. */
static void write_file(const char *path, const char *text)
{
	char dir[256];
	FILE *fp;

	for (const char *s = strchr(path, '/'); s; s = strchr(s + 1, '/')) {
		snprintf(dir, sizeof(dir), "%.*s", (int)(s - path), path);
		mkdir(dir, 0755);
	}
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* Preprocess @src as "main.dts", include directory "inc"; the text, or NULL on error. */
static const char *run_map(struct fixture *f, const char *src, const struct srcmap *in_map)
{
	const char *incs[] = { "inc" };
	struct cpp_opts opts = {
		.include_dirs = incs,
		.n_include_dirs = 1,
		.defines = f->defines,
		.n_defines = f->n_defines,
		.max_include_depth = f->max_depth,
	};

	cpp_output_free(&f->o);
	f->ret = cpp_run(&opts, "main.dts", src, strlen(src), in_map, f->diag, &f->o);
	return f->o.text;
}

static const char *run(struct fixture *f, const char *src)
{
	return run_map(f, src, NULL);
}

/* The map as "file:line+col_offset" lines, for whole-map comparisons. */
static char *map_string(const struct srcmap *m)
{
	char *s = NULL;
	size_t n = 0;
	FILE *fp = open_memstream(&s, &n);

	assert_non_null(fp);
	for (size_t i = 0; i < m->n; i++)
		fprintf(fp, "%s:%u+%u\n", m->lines[i].file, m->lines[i].line,
			m->lines[i].col_offset);
	fclose(fp);
	return s;
}

static void assert_map(struct fixture *f, const char *expected)
{
	char *s = map_string(&f->o.map);

	assert_string_equal(s, expected);
	free(s);
}

/*
 * Where the output text at the first occurrence of each needle came from:
 * @pairs holds needle, "file:line:col", ..., NULL.  A mismatch is shown
 * with its needle.
 */
static void assert_origins(struct fixture *f, const char *const *pairs)
{
	for (; pairs[0]; pairs += 2) {
		const char *at = f->o.text ? strstr(f->o.text, pairs[0]) : NULL;
		const char *line_start = f->o.text;
		uint32_t line = 1;
		struct dtbind_loc l;
		char got[160], want[160];

		assert_non_null(at);
		for (const char *s = f->o.text; s < at; s++)
			if (*s == '\n') {
				line++;
				line_start = s + 1;
			}
		l = srcmap_loc(&f->o.map, "main.dts", line, (uint32_t)(at - line_start) + 1);
		snprintf(got, sizeof(got), "'%s' at %s:%u:%u", pairs[0], l.file, l.line, l.col);
		snprintf(want, sizeof(want), "'%s' at %s", pairs[0], pairs[1]);
		assert_string_equal(got, want);
	}
}

/* ---- macros ------------------------------------------------------------- */

static void test_cpp_object_macro_keeps_lines_and_columns(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define CELLS 2\n"
				   "/ {\n"
				   "\t#address-cells = <CELLS>;\n"
				   "\tx = <CELLS CELLS>;\t/* ok */ y = <1>;\n"
				   "};\n"),
			    "\n"
			    "/ {\n"
			    "\t#address-cells = <2>;\n"
			    "\tx = <2 2>;        \t         y = <1>;\n"
			    "};\n");
	assert_int_equal(f->ret, 0);
	assert_int_equal(f->o.len, strlen(f->o.text));
	assert_map(f, "main.dts:1+0\nmain.dts:2+0\nmain.dts:3+0\nmain.dts:4+0\nmain.dts:5+0\n");
	assert_string_equal(diag_output(f), "");
}

static void test_cpp_function_macros_stringify_paste_variadic(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define F(a, b) a##b #a\n"
				   "#define V(fmt, ...) f(fmt, ## __VA_ARGS__) #__VA_ARGS__\n"
				   "#define N(x, args...) g(x, ##args)\n"
				   "F(x, y) F(1, 2) F(\"s\", ) F(, z)\n"
				   "V(1) V(1,) V(1, 2,  3)\n"
				   "N(a) N(a, b)\n"),
			    "\n\n\n"
			    "xy \"x\" 12 \"1\" \"s\" \"\\\"s\\\"\" z \"\"\n"
			    "f(1) \"\" f(1,) \"\" f(1, 2, 3) \"2, 3\"\n"
			    "g(a) g(a, b)\n");
	assert_int_equal(f->ret, 0);
}

static void test_cpp_function_macro_name_without_parenthesis_is_kept(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define F(x) [x]\n"
				   "F F (1) F\n"
				   "(2) F\n"
				   "x\n"),
			    "\nF [1] [2]\n    F\nx\n");
}

static void test_cpp_rescan_and_blue_paint(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define self self + 1\n"
				   "#define m1 m2\n"
				   "#define m2 m1 x\n"
				   "#define f(x) x g\n"
				   "#define g(x) f(x) y\n"
				   "#define AA BB\n"
				   "#define BB(x) <x>\n"
				   "self m1 f(1)(2)(3) AA(4) BB(BB(5))\n"),
			    "\n\n\n\n\n\n\n"
			    "self + 1 m1 x 1 2 g y(3) <4> < <5> >\n");
}

static void test_cpp_spacing_follows_gcc_where_dts_cares(void **state)
{
	struct fixture *f = *state;

	/*
	 * No space is added inside foo-N, &LBL or <N>; one is where tokens would
	 * paste, and where the argument had one (x +).
	 */
	assert_string_equal(run(f, "#define N 1\n"
				   "#define E\n"
				   "#define LBL lbl\n"
				   "#define P(a, b) a##b\n"
				   "foo-N = <N>; &LBL N-foo N.N -E- x/E*y P(-, -) P(x, +)"
				   " P(.,.)\n"),
			    "\n\n\n\n"
			    "foo-1 = <1>; &lbl 1 -foo 1 . 1 - - x/ *y -- x + . .\n");
}

static void test_cpp_arguments_across_lines_map_to_the_macro_line(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define F(a, b) <a b>\n"
				   "x = F(1,\n"
				   "      2), y = <3>;\n"
				   "z;\n"),
			    "\n"
			    "x = <1 2>,\n"
			    "          y = <3>;\n"
			    "z;\n");
	assert_map(f, "main.dts:1+0\nmain.dts:2+0\nmain.dts:3+0\nmain.dts:4+0\n");
}

/*
 * The armada-cp11x.dtsi line: a label and a node name made by function-like
 * macros.  What follows an expansion that is shorter or longer than its
 * invocation is still at its own column; what a macro makes is at the
 * macro's name.
 */
static void test_cpp_columns_after_a_macro_on_the_line_are_the_source_ones(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define LBL(x) cp0_ ## x\n"
				   "#define NAME(x) cp0-x\n"
				   "/ {\n"
				   "\tLBL(thermal_ic): NAME(thermal-ic) {\n"
				   "\t\tx = <1>;\n"
				   "\t};\n"
				   "};\n"),
			    "\n\n/ {\n"
			    "\tcp0_thermal_ic: cp0-thermal-ic    {\n"
			    "\t\tx = <1>;\n"
			    "\t};\n"
			    "};\n");
	assert_origins(f, (const char *const[]){
		"cp0_thermal_ic", "main.dts:4:2",
		": cp0", "main.dts:4:17",
		"cp0-thermal-ic", "main.dts:4:19",
		"-thermal-ic", "main.dts:4:19",
		"{\n\t\tx", "main.dts:4:36",
		"x = <1>", "main.dts:5:3",
		NULL });
	/* The line's map itself is unchanged: one entry per source line. */
	assert_map(f, "main.dts:1+0\nmain.dts:2+0\nmain.dts:3+0\nmain.dts:4+0\nmain.dts:5+0\n"
		      "main.dts:6+0\nmain.dts:7+0\n");
}

/* Longer expansions, nested macros, # and ##: each source token keeps its column. */
static void test_cpp_columns_after_nested_stringified_and_pasted_macros(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define SUM(a, b) ((a) + (b))\n"
				   "#define STR(x) #x\n"
				   "#define XSTR(x) STR(x)\n"
				   "#define TWICE(x) SUM(x, x)\n"
				   "#define CAT(a, b) a ## b\n"
				   "x = <SUM(1, 2)>, \"a\"; y = XSTR(TWICE(3)); CAT(z, 1) = <CAT(0x, 10)>;\n"),
			    "\n\n\n\n\n"
			    "x = <((1) + (2))>, \"a\"; y = \"((3) + (3))\"; z1       = <0x10>;\n");
	assert_origins(f, (const char *const[]){
		"((1)", "main.dts:6:6",
		"(2)", "main.dts:6:6",
		">, \"a\"", "main.dts:6:15",
		"\"a\"", "main.dts:6:18",
		"y =", "main.dts:6:23",
		"\"((3)", "main.dts:6:27",
		"; z1", "main.dts:6:41",
		"z1", "main.dts:6:43",
		"= <0x10>", "main.dts:6:53",
		"<0x10>", "main.dts:6:55",
		"0x10", "main.dts:6:56",
		">;", "main.dts:6:67",
		NULL });
}

/*
 * An invocation whose arguments go on to the next line (plainly or after a
 * backslash): what follows its ')' on the same output line is on that next
 * line of the source.
 */
static void test_cpp_positions_after_arguments_across_lines(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define F(a, b) <a b>\n"
				   "x = F(1,\n"
				   "      2), y = <3>;\n"
				   "z = F(4, \\\n"
				   " 5); w;\n"),
			    "\n"
			    "x = <1 2>,\n"
			    "          y = <3>;\n"
			    "z = <4 5>;\n"
			    "     w;\n");
	assert_origins(f, (const char *const[]){
		"<1 2>", "main.dts:2:5",
		",\n", "main.dts:3:9",
		"y = <3>", "main.dts:3:11",
		"<4 5>", "main.dts:4:5",
		";\n     w", "main.dts:5:4",
		"w;", "main.dts:5:6",
		NULL });
}

/* A macro in an included file, an object-like macro at the start of a line. */
static void test_cpp_columns_in_included_files_and_at_line_start(void **state)
{
	struct fixture *f = *state;

	write_file("inc/m.h", "#define PAIR(a) <a>, <a>\n#define NODE node@1\n"
			      "p = PAIR(0x100), q;\n");
	assert_string_equal(run(f, "#include <m.h>\n"
				   "  NODE { r = PAIR(7); };\n"),
			    "p = <0x100>, <0x100>, q;\n"
			    "  node@1 { r = <7>, <7>; };\n");
	assert_origins(f, (const char *const[]){
		"<0x100>", "inc/m.h:3:5",
		", <0x100>", "inc/m.h:3:5",
		", q", "inc/m.h:3:16",
		"q;", "inc/m.h:3:18",
		"node@1", "main.dts:2:3",
		"@1", "main.dts:2:3",
		"{ r", "main.dts:2:8",
		"<7>", "main.dts:2:14",
		"; };", "main.dts:2:21",
		NULL });
}

static void test_cpp_defines_from_options(void **state)
{
	struct fixture *f = *state;

	f->defines[0] = "__DTS__";
	f->defines[1] = "A=2";
	f->defines[2] = "F(x)=(x+1)";
	f->defines[3] = "EMPTY=";
	f->n_defines = 4;
	/* After a macro, white space is kept up to the next token's column. */
	assert_string_equal(run(f, "__DTS__ A F(A) [EMPTY] __STDC__ __ASSEMBLER__ __GNUC__"
	" linux\n"),
			    "1 2 (2 +1)     [] 1 1                         __GNUC__ linux\n");
}

static void test_cpp_redefinition_warns_and_identical_one_does_not(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define A 1\n"
				   "#define A /* same */ 1\n"
				   "#define A 2\n"
				   "A\n"),
			    "\n\n\n2\n");
	assert_int_equal(f->ret, 0);
	assert_string_equal(diag_output(f),
			    "main.dts:3:9: warning: \"A\" redefined [cpp]\n"
			    "main.dts:1:9: note: this is the location of the previous"
			    " definition\n");
}

static void test_cpp_builtin_macros(void **state)
{
	struct fixture *f = *state;

	write_file("inc/level.h", "level = <__INCLUDE_LEVEL__>; file = __FILE__;\n"
				  "name = __FILE_NAME__;\n");
	assert_string_equal(run(f, "#define L(x) x __LINE__\n"
				   "line = <__LINE__ L(\n"
				   "__LINE__)>;\n"
				   "#include <level.h>\n"
				   "file = __FILE__; base = __BASE_FILE__;\n"
				   "count = <__COUNTER__ __COUNTER__>;\n"
				   "level = <__INCLUDE_LEVEL__>;\n"),
			    "\n"
			    "line = <2 3 2>;\n"
			    "level = <1>;                 file = \"inc/level.h\";\n"
			    "name = \"level.h\";\n"
			    "file = \"main.dts\"; base = \"main.dts\";\n"
			    "count = <0 1>;\n"
			    "level = <0>;\n");
}

/* ---- assembler-with-cpp lexing --------------------------------------------- */

static void test_cpp_unknown_directives_pass_through(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define cells 3\n"
				   "#address-cells = <1>;\n"
				   "  # size-cells = <1>;\n"
				   "#5 \"not a line marker\"\n"
				   "#\n"
				   "#pragma anything\n"
				   "#ident \"x\"\n"
				   "#interrupt-cells\n"),
			    "\n"
			    "#address-3     = <1>;\n"
			    "  # size-3     = <1>;\n"
			    "#5 \"not a line marker\"\n"
			    "\n\n\n"
			    "#interrupt-3\n");
}

static void test_cpp_comments_strings_and_quotes(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define A 1\n"
				   "a/**/b A// A\n"
				   "s = \"A /* not a comment */ // A\"; A\n"
				   "c = <'A' '\\''>; A\n"
				   "don't A /* kept */\n"
				   "x /* two\n"
				   "   lines */ A y\n"),
			    "\n"
			    "a    b 1\n"
			    "s = \"A /* not a comment */ // A\"; 1\n"
			    "c = <'A' '\\''>; 1\n"
			    "don't A /* kept */\n"
			    "x\n"
			    "            1 y\n");
	assert_map(f, "main.dts:1+0\nmain.dts:2+0\nmain.dts:3+0\nmain.dts:4+0\n"
		      "main.dts:5+0\nmain.dts:6+0\nmain.dts:7+0\n");
}

static void test_cpp_backslash_newline(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define SUM 1 \\\n"
				   "\t+ 2\n"
				   "x = <SUM>; A\\\n"
				   "B\n"
				   "#define SP 3 \\ \n"
				   "\n"
				   "SP\n"),
			    "\n\n"
			    "x = <1 + 2>; AB\n"
			    "\n\n\n"
			    "3\n");
	assert_int_equal(f->ret, 0);
	assert_string_equal(diag_output(f),
			    "main.dts:5:14: warning: backslash and newline separated by"
			    " space [cpp]\n");
}

/* ---- conditionals and #if expressions ------------------------------------------ */

static void test_cpp_conditionals(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#define A 1\n"
				   "#ifdef A\n"
				   "a\n"
				   "#else\n"
				   "no\n"
				   "#endif\n"
				   "#ifndef A\n"
				   "no\n"
				   "#elif A == 2\n"
				   "no\n"
				   "#elif defined A\n"
				   "b\n"
				   "#else\n"
				   "no\n"
				   "#endif\n"
				   "#if 0\n"
				   "#bogus\n"
				   "don't\n"
				   "#if 1/0\n"
				   "#endif\n"
				   "#else\n"
				   "c\n"
				   "#endif\n"
				   "#ifdef B\n"
				   "no\n"
				   "#elifndef B\n"
				   "d\n"
				   "#endif\n"),
			    "\n\na\n\n\n\n\n\n\n\n\nb\n\n\n\n\n\n\n\n\n\nc\n\n\n\n\nd\n");
	assert_int_equal(f->ret, 0);
	assert_string_equal(diag_output(f), "");
}

static void test_cpp_if_expressions(void **state)
{
	static const struct {
		const char *expr;
		bool value;
	} cases[] = {
		{ "1 + 2 * 3 == 7", true },
		{ "(1 + 2) * 3 == 9", true },
		{ "-1 < 0", true },
		{ "-1 < 0u", false },
		{ "0xffffffffffffffff == -1", true },
		{ "010 == 8 && 0x10 == 16 && 10UL == 10 && 7llu == 7", true },
		{ "1 << 62 > 0 && -8 >> 1 == -4 && 8u >> 1 == 4", true },
		{ "'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\377' < 0", true },
		{ "(2 ? 3 : 4) == 3 && (0 ? 3 : 4) == 4", true },
		{ "(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6 && ~0 == -1", true },
		{ "7 % 3 == 1 && -7 / 2 == -3 && !0 && !!2", true },
		{ "undefined_name", false },
		{ "defined(A) && defined A && !defined B", true },
		{ "F(2) == 4", true },
		{ "0 && 1 / 0", false },
		{ "1 || 1 / 0", true },
		{ "(0, 1)", true },
		{ "__has_include(<present.h>) && !__has_include(\"absent.h\")", true },
	};
	struct fixture *f = *state;
	char src[512];

	write_file("inc/present.h", "");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(src, sizeof(src),
			 "#define A\n#define F(x) ((x) * 2)\n#if %s\nyes\n#else\nno\n#endif\n",
			 cases[i].expr);
		const char *text = run(f, src);

		if (!text || strcmp(text, cases[i].value ? "\n\n\nyes\n" : "\n\n\n\n\nno\n"))
			fail_msg("#if %s: got %s", cases[i].expr, text ? text : "(error)");
	}
	assert_string_equal(diag_output(f), "");
}

static void test_cpp_if_errors_are_located(void **state)
{
	static const struct {
		const char *src;
		const char *diag;
	} cases[] = {
		{ "#if 1 / 0\n#endif\n", "main.dts:1:7: error: division by zero in #if [cpp]\n" },
		{ "#if\n#endif\n", "main.dts:1:2: error: #if with no expression [cpp]\n" },
		{ "#if (1\n#endif\n", "main.dts:1:5: error: missing ')' in expression [cpp]\n" },
		{ "#if 1 2\n#endif\n",
		  "main.dts:1:7: error: missing binary operator before token \"2\" [cpp]\n" },
		{ "#if 1 = 2\n#endif\n",
		  "main.dts:1:7: error: token \"=\" is not valid in preprocessor"
		  " expressions [cpp]\n" },
		{ "#if 1.5\n#endif\n",
		  "main.dts:1:5: error: floating constant in preprocessor expression [cpp]\n" },
		{ "#if 12ab\n#endif\n",
		  "main.dts:1:5: error: invalid suffix \"ab\" on integer constant [cpp]\n" },
		{ "#if defined\n#endif\n",
		  "main.dts:1:5: error: operator \"defined\" requires an identifier [cpp]\n" },
		{ "#if 1 ? 2\n#endif\n", "main.dts:1:7: error: '?' without following ':' [cpp]\n" },
		{ "#ifdef\n#endif\n", "main.dts:1:7: error: no macro name given in #ifdef"
		" directive [cpp]\n" },
	};
	struct fixture *f = *state;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		/* A fresh sink per case, so each case's findings stand alone. */
		dtbind_diag_free(f->diag);
		fclose(f->out);
		free(f->diag_text);
		f->diag_text = NULL;
		f->out = open_memstream(&f->diag_text, &f->diag_len);
		assert_non_null(f->out);
		f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC);
		assert_non_null(f->diag);
		assert_null(run(f, cases[i].src));
		assert_int_equal(f->ret, -DTBIND_EPARSE);
		if (strcmp(diag_output(f), cases[i].diag))
			fail_msg("%s: got %s", cases[i].src, diag_output(f));
	}
}

static void test_cpp_unbalanced_conditionals_are_located(void **state)
{
	struct fixture *f = *state;

	assert_null(run(f, "#else\n#endif\n#if 1\n#else\n#elif 1\n#else\n#endif\n#ifdef X\n"));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_string_equal(diag_output(f),
			    "main.dts:1:2: error: #else without #if [cpp]\n"
			    "main.dts:2:2: error: #endif without #if [cpp]\n"
			    "main.dts:5:2: error: #elif after #else [cpp]\n"
			    "main.dts:3:2: note: the conditional began here\n"
			    "main.dts:6:2: error: #else after #else [cpp]\n"
			    "main.dts:3:2: note: the conditional began here\n"
			    "main.dts:8:2: error: unterminated #ifdef [cpp]\n");
}

/* ---- #include ---------------------------------------------------------------- */

static void test_cpp_include_search_and_map(void **state)
{
	struct fixture *f = *state;

	write_file("board.dtsi", "#include \"sub/soc.dtsi\"\nboard;\n");
	write_file("sub/soc.dtsi", "#include \"local.h\"\nsoc = <LOCAL>;\n");
	write_file("sub/local.h", "#define LOCAL 7\n");
	write_file("inc/dt-bindings/x.h", "#define X 5\n");
	write_file("local.h", "#define LOCAL 0\n");
	assert_string_equal(run(f, "/dts-v1/;\n"
				   "#include \"board.dtsi\"\n"
				   "#include <dt-bindings/x.h>\n"
				   "x = <X>;\n"),
			    "/dts-v1/;\n"
			    "soc = <7>;\n"
			    "board;\n"
			    "x = <5>;\n");
	assert_int_equal(f->ret, 0);
	assert_map(f, "main.dts:1+0\nsub/soc.dtsi:2+0\nboard.dtsi:2+0\nmain.dts:4+0\n");
}

static void test_cpp_include_guards_once_and_next(void **state)
{
	struct fixture *f = *state;

	write_file("guard.h", "#ifndef GUARD_H\n#define GUARD_H\nguarded;\n#endif\n");
	write_file("once.h", "#pragma once\nonce;\n");
	write_file("inc/next.h", "first;\n#include_next <next.h>\n");
	write_file("inc2/next.h", "second;\n");

	const char *incs[] = { "inc", "inc2" };
	struct cpp_opts opts = { .include_dirs = incs, .n_include_dirs = 2 };
	const char *src = "#include \"guard.h\"\n#include \"guard.h\"\n"
			  "#include \"once.h\"\n#include \"once.h\"\n#include <next.h>\n";

	f->ret = cpp_run(&opts, "main.dts", src, strlen(src), NULL, f->diag, &f->o);
	assert_int_equal(f->ret, 0);
	assert_string_equal(f->o.text, "guarded;\nonce;\nfirst;\nsecond;\n");
	assert_string_equal(diag_output(f), "");
}

/* Editors' buffers stand for files on disk: each by its real path, any other file from disk. */
static void test_cpp_unsaved_buffers_replace_included_files(void **state)
{
	struct fixture *f = *state;
	char a[PATH_MAX], b[PATH_MAX];

	write_file("inc/a.dtsi", "a_on_disk;\n#include \"b.h\"\n");
	write_file("inc/b.h", "#define B b_on_disk\n");
	write_file("inc/c.dtsi", "c_on_disk;\n");
	assert_non_null(realpath("inc/a.dtsi", a));
	assert_non_null(realpath("inc/b.h", b));

	const char *incs[] = { "inc" };
	const struct cpp_unsaved bufs[] = {
		{ a, "a_edited;\n#include \"b.h\"\n", 25 },
		{ b, "#define B b_edited\n", 19 },
	};
	struct cpp_opts opts = { .include_dirs = incs, .n_include_dirs = 1,
				 .unsaved = bufs, .n_unsaved = 2 };
	const char *src = "#include <a.dtsi>\n#include <c.dtsi>\nB;\n";

	f->ret = cpp_run(&opts, "main.dts", src, strlen(src), NULL, f->diag, &f->o);
	assert_int_equal(f->ret, 0);
	assert_string_equal(f->o.text, "a_edited;\nc_on_disk;\nb_edited;\n");
	assert_string_equal(diag_output(f), "");
}

static void test_cpp_missing_include_is_a_located_error(void **state)
{
	struct fixture *f = *state;

	write_file("a.dtsi", "\n#include <missing.h>\n");
	assert_null(run(f, "x;\n#include \"nope.dtsi\"\n#include \"a.dtsi\"\n#include\n"));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_null(f->o.text);
	assert_int_equal(f->o.map.n, 0);
	assert_string_equal(diag_output(f),
			    "main.dts:2:10: error: nope.dtsi: No such file or directory [cpp]\n"
			    "a.dtsi:2:10: error: missing.h: No such file or directory [cpp]\n"
			    "main.dts:4:2: error: #include expects \"FILENAME\" or"
			    " <FILENAME> [cpp]\n");
}

static void test_cpp_computed_include(void **state)
{
	struct fixture *f = *state;

	write_file("inc/a/b.h", "b;\n");
	write_file("c.h", "c;\n");
	assert_string_equal(run(f, "#define ANGLED <a/b.h>\n"
				   "#define QUOTED \"c.h\"\n"
				   "#include ANGLED\n"
				   "#include QUOTED\n"),
			    "b;\nc;\n");
}

static void test_cpp_include_depth_is_limited(void **state)
{
	struct fixture *f = *state;

	write_file("self.h", "#include \"self.h\"\n");
	f->max_depth = 10;
	assert_null(run(f, "#include \"self.h\"\n"));
	assert_int_equal(f->ret, -DTBIND_ELIMIT);
	assert_string_equal(diag_output(f),
			    "self.h:1:10: error: #include nesting depth exceeds the limit"
			    " of 10 [cpp]\n");
}

/* ---- other directives ----------------------------------------------------------- */

static void test_cpp_error_and_warning_directives(void **state)
{
	struct fixture *f = *state;

	assert_null(run(f, "#warning careful, \"x\"\n#if 1\n# error stop  here\n#endif\n"));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_string_equal(diag_output(f),
			    "main.dts:1:2: warning: #warning careful, \"x\" [cpp]\n"
			    "main.dts:3:3: error: #error stop here [cpp]\n");
}

static void test_cpp_warning_alone_succeeds(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "#warning just saying\nok;\n"), "\nok;\n");
	assert_int_equal(f->ret, 0);
	assert_string_equal(diag_output(f), "main.dts:1:2: warning: #warning just saying [cpp]\n");
}

static void test_cpp_line_directive(void **state)
{
	struct fixture *f = *state;

	assert_string_equal(run(f, "a;\n#line 100 \"other.dts\"\nb = <__LINE__>;\nc = __FILE__;\n"),
			    "a;\n\nb = <100>;\nc = \"other.dts\";\n");
	assert_map(f, "main.dts:1+0\nother.dts:99+0\nother.dts:100+0\nother.dts:101+0\n");
}

static void test_cpp_argument_errors_are_located(void **state)
{
	struct fixture *f = *state;

	assert_null(run(f, "#define F(a, b) a b\n"
			   "F(1)\n"
			   "F(1, 2, 3)\n"
			   "x F(1,\n"));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_string_equal(diag_output(f),
			    "main.dts:2:1: error: macro \"F\" requires 2 arguments, but"
			    " only 1 given [cpp]\n"
			    "main.dts:1:9: note: macro \"F\" defined here\n"
			    "main.dts:3:1: error: macro \"F\" passed 3 arguments, but takes"
			    " just 2 [cpp]\n"
			    "main.dts:1:9: note: macro \"F\" defined here\n"
			    "main.dts:4:3: error: unterminated argument list invoking macro"
			    " \"F\" [cpp]\n");
}

static void test_cpp_define_errors_are_located(void **state)
{
	struct fixture *f = *state;

	assert_null(run(f, "#define\n#define 3\n#define F(a, a) a\n#define G(a b\n#define H ## x\n"
			   "#undef defined\n/* open\n"));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_string_equal(diag_output(f),
			    "main.dts:1:8: error: no macro name given in #define directive [cpp]\n"
			    "main.dts:2:9: error: macro names must be identifiers [cpp]\n"
			    "main.dts:3:14: error: duplicate macro parameter \"a\" [cpp]\n"
			    "main.dts:4:13: error: expected ',' or ')', found \"b\" [cpp]\n"
			    "main.dts:5:11: error: '##' cannot appear at either end of a"
			    " macro expansion [cpp]\n"
			    "main.dts:6:8: error: \"defined\" cannot be used as a macro"
			    " name [cpp]\n"
			    "main.dts:7:1: error: unterminated comment [cpp]\n");
}

/* ---- limits ------------------------------------------------------------------- */

static void test_cpp_macro_bomb_is_limited(void **state)
{
	struct fixture *f = *state;
	char src[4096];
	size_t n = 0;

	n += (size_t)snprintf(src + n, sizeof(src) - n, "#define a0 x\n");
	for (int i = 1; i < 64; i++)
		n += (size_t)snprintf(src + n, sizeof(src) - n, "#define a%d a%d a%d\n", i, i - 1,
				      i - 1);
	snprintf(src + n, sizeof(src) - n, "ok;\n  a63;\n");
	assert_null(run(f, src));
	assert_int_equal(f->ret, -DTBIND_ELIMIT);
	assert_null(f->o.text);
	assert_string_equal(diag_output(f),
			    "main.dts:66:3: error: macro expansion (tokens) exceeds the limit of"
			    " 16777216 [cpp]\n");
}

static void test_cpp_argument_bomb_is_limited(void **state)
{
	struct fixture *f = *state;
	char src[1024] = "#define f(x) x x x x x x x x\n";

	for (int i = 0; i < 12; i++)
		strcat(src, "f(");
	strcat(src, "1");
	for (int i = 0; i < 12; i++)
		strcat(src, ")");
	strcat(src, "\n");
	assert_null(run(f, src));
	assert_int_equal(f->ret, -DTBIND_ELIMIT);
	assert_non_null(strstr(diag_output(f), "main.dts:2:"));
	assert_non_null(strstr(diag_output(f), "exceeds the limit of"));
}

static void test_cpp_deep_if_expression_is_an_error(void **state)
{
	struct fixture *f = *state;
	char src[2048] = "#if ";

	for (int i = 0; i < 500; i++)
		strcat(src, "(");
	strcat(src, "1");
	for (int i = 0; i < 500; i++)
		strcat(src, ")");
	strcat(src, "\n#endif\n");
	assert_null(run(f, src));
	assert_int_equal(f->ret, -DTBIND_EPARSE);
	assert_string_equal(diag_output(f),
			    "main.dts:1:205: error: #if expression nested deeper than 400 [cpp]\n");
}

/* ---- source maps --------------------------------------------------------------- */

static void test_cpp_in_map_places_lines_and_errors_in_the_yaml(void **state)
{
	struct fixture *f = *state;
	struct srcmap in;

	write_file("inc/h.h", "#define H 1\nh;\n");
	srcmap_init(&in);
	assert_int_equal(srcmap_push(&in, "b.yaml", 40, 0), 0);	/* a wrapper line */
	assert_int_equal(srcmap_push(&in, "b.yaml", 50, 6), 0);
	assert_int_equal(srcmap_push(&in, "b.yaml", 51, 6), 0);
	assert_int_equal(srcmap_push(&in, "b.yaml", 52, 6), 0);
	assert_string_equal(run_map(f, "/ {\n#include <h.h>\nx = <H>;\n};\n", &in),
			    "/ {\nh;\nx = <1>;\n};\n");
	assert_map(f, "b.yaml:40+0\ninc/h.h:2+0\nb.yaml:51+6\nb.yaml:52+6\n");

	/* Errors in the main input are located in the .yaml, the column shifted. */
	assert_null(run_map(f, "/ {\n#include <nope.h>\n};\n", &in));
	assert_string_equal(diag_output(f),
			    "b.yaml:50:16: error: nope.h: No such file or directory [cpp]\n");
	srcmap_free(&in);
}

/* An example's columns: the .yaml indentation is added after a macro too. */
static void test_cpp_in_map_columns_after_a_macro(void **state)
{
	struct fixture *f = *state;
	struct srcmap in;

	srcmap_init(&in);
	assert_int_equal(srcmap_push(&in, "b.yaml", 40, 0), 0);
	assert_int_equal(srcmap_push(&in, "b.yaml", 50, 6), 0);
	assert_int_equal(srcmap_push(&in, "b.yaml", 51, 6), 0);
	assert_string_equal(run_map(f, "#define W(x) <x x>\nx = W(1), y;\n", &in),
			    "\nx = <1 1>, y;\n");
	assert_origins(f, (const char *const[]){
		"x =", "b.yaml:50:7",
		"<1 1>", "b.yaml:50:11",
		", y", "b.yaml:50:15",
		"y;", "b.yaml:50:17",
		NULL });
	srcmap_free(&in);
}

/* A binding whose example invokes function-like macros before a bad property. */
static const char binding[] =
	"# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)\n"
	"%YAML 1.2\n"
	"---\n"
	"$id: http://devicetree.org/schemas/acme,foo.yaml#\n"
	"$schema: http://devicetree.org/meta-schemas/core.yaml#\n"
	"\n"
	"title: Acme foo\n"
	"\n"
	"maintainers:\n"
	"  - A Person <a@example.com>\n"
	"\n"
	"properties:\n"
	"  compatible:\n"
	"    const: acme,foo\n"
	"\n"
	"  reg:\n"
	"    maxItems: 1\n"
	"\n"
	"  clocks:\n"
	"    maxItems: 1\n"
	"\n"
	"required:\n"
	"  - compatible\n"
	"  - reg\n"
	"\n"
	"additionalProperties: false\n"
	"\n"
	"examples:\n"
	"  - |\n"
	"    #define CLK(bank, n) ((bank) * 32 + (n))\n"
	"    #define UNIT(x) foo@x\n"
	"    UNIT(0) { compatible = \"acme,foo\"; reg = <0>; clocks = <CLK(1, 2)>; acme,bad = <1>; };\n";

/* A checker of validate and exampletest, with the binding above as its only one. */
static struct dt_checker *new_checker(struct fixture *f)
{
	struct dt_checker_opts opts = { .bindings_root = "bindings" };
	struct dt_checker *c = NULL;

	write_file("bindings/acme,foo.yaml", binding);
	assert_int_equal(dt_checker_new(f->diag, &opts, &c), 0);
	return c;
}

static void test_cpp_map_places_validate_findings_after_macros(void **state)
{
	struct fixture *f = *state;
	struct dt_checker *c = new_checker(f);
	unsigned findings = 0;

	write_file("board.dts", "/dts-v1/;\n"
		   "#define CLK(bank, n) ((bank) * 32 + (n))\n"
		   "#define UNIT(x) foo@x\n"
		   "#define LBL(x) acme_ ## x\n"
		   "#define NAME(x) acme-x\n"
		   "/ {\n"
		   "\tcompatible = \"acme,board\";\n"
		   "\tmodel = \"Acme board\";\n"
		   "\t#address-cells = <1>;\n"
		   "\t#size-cells = <1>;\n"
		   "\tLBL(foo): UNIT(0) { compatible = \"acme,foo\"; reg = <0 4>; clocks = <CLK(1, 2)>; "
		   "acme,bad = <1>; };\n"
		   "\tLBL(bar): NAME(bar) { compatible = \"acme,foo\"; };\n"
		   "};\n");
	assert_int_equal(dt_checker_tree(c, "board.dts", &findings), 0);
	/*
	 * The bad property at its column, after expansions both longer and
	 * shorter than their invocations; a node whose name a macro makes, at
	 * the macro, after a label a macro makes.
	 */
	assert_string_equal(diag_output(f),
			    "board.dts:11:82: error: /foo@0: property 'acme,bad' is not allowed here"
			    " [dt-schema]\n"
			    "board.dts:12:12: error: /acme-bar: 'reg' is a required property"
			    " [dt-schema]\n");
	assert_int_equal(findings, 2);
	dt_checker_free(c);
}

static void test_cpp_map_places_example_findings_after_macros(void **state)
{
	struct fixture *f = *state;
	struct dt_checker *c = new_checker(f);
	unsigned findings = 0;

	assert_int_equal(dt_checker_examples(c, "bindings/acme,foo.yaml", &findings), 0);
	assert_string_equal(diag_output(f),
			    "bindings/acme,foo.yaml:32:73: error: /example-0/foo@0: property"
			    " 'acme,bad' is not allowed here [example-schema]\n");
	assert_int_equal(findings, 1);
	dt_checker_free(c);
}

static void test_cpp_big_gaps_in_included_files_are_not_filled(void **state)
{
	struct fixture *f = *state;
	char hdr[256] = "a;\n";

	for (int i = 0; i < 20; i++)
		strcat(hdr, "#define X\n");
	strcat(hdr, "b;\n");
	write_file("big.h", hdr);
	assert_string_equal(run(f, "#include \"big.h\"\n\n\n\nc;\nd;\n\n\ne;\n"),
			    "a;\nb;\nc;\nd;\n\n\ne;\n");
	assert_map(f, "big.h:1+0\nbig.h:22+0\nmain.dts:5+0\nmain.dts:6+0\nmain.dts:7+0\n"
		      "main.dts:8+0\nmain.dts:9+0\n");
}

static void test_cpp_output_free_is_safe_after_errors(void **state)
{
	struct fixture *f = *state;
	struct cpp_output o;

	assert_int_equal(cpp_run(NULL, "x.dts", "#error x\n", 9, NULL, f->diag, &o),
			 -DTBIND_EPARSE);
	cpp_output_free(&o);
	cpp_output_free(&o);
	cpp_output_free(NULL);
	assert_int_equal(cpp_run(NULL, NULL, NULL, 0, NULL, NULL, &o), 0);
	assert_string_equal(o.text, "\n");
	assert_int_equal(o.map.n, 1);
	assert_string_equal(o.map.lines[0].file, "<stdin>");
	cpp_output_free(&o);
}

static void test_srcmap_loc_maps_lines_columns_and_beyond(void **state)
{
	struct srcmap m;
	struct dtbind_loc l;

	(void)state;
	srcmap_init(&m);
	l = srcmap_loc(&m, "gen.dts", 3, 4);
	assert_string_equal(l.file, "gen.dts");
	assert_int_equal(l.line, 3);
	assert_int_equal(l.col, 4);
	assert_int_equal(srcmap_push(&m, "a.yaml", 10, 4), 0);
	assert_int_equal(srcmap_push(&m, "b.dtsi", 7, 0), 0);
	l = srcmap_loc(&m, "gen.dts", 1, 3);
	assert_string_equal(l.file, "a.yaml");
	assert_int_equal(l.line, 10);
	assert_int_equal(l.col, 7);
	l = srcmap_loc(&m, "gen.dts", 1, 0);
	assert_int_equal(l.col, 0);
	l = srcmap_loc(&m, "gen.dts", 2, 5);
	assert_string_equal(l.file, "b.dtsi");
	assert_int_equal(l.line, 7);
	assert_int_equal(l.col, 5);
	l = srcmap_loc(&m, "gen.dts", 4, 1);	/* past the end: continues the last line */
	assert_string_equal(l.file, "b.dtsi");
	assert_int_equal(l.line, 9);
	l = srcmap_loc(NULL, "gen.dts", 4, 1);
	assert_string_equal(l.file, "gen.dts");
	assert_int_equal(l.line, 4);
	srcmap_free(&m);
	srcmap_free(&m);
	assert_int_equal(m.n, 0);
}

static void test_srcmap_spans_map_columns_within_a_line(void **state)
{
	struct srcmap m;
	struct dtbind_loc l;

	(void)state;
	srcmap_init(&m);
	assert_int_equal(srcmap_add_span(&m, 3, "a.dts", 1, 3, false), 0);	/* no line yet */
	assert_int_equal(srcmap_push(&m, "a.dts", 4, 2), 0);
	/* What the line says already is not recorded. */
	assert_int_equal(srcmap_add_span(&m, 5, "a.dts", 4, 7, false), 0);
	assert_int_equal(m.n_spans, 0);
	assert_int_equal(srcmap_add_span(&m, 5, "a.dts", 4, 5, true), 0);	/* a macro at 5 */
	assert_int_equal(srcmap_add_span(&m, 9, "a.dts", 4, 5, true), 0);	/* still its output */
	assert_int_equal(srcmap_add_span(&m, 12, "a.dts", 4, 8, false), 0);	/* source again */
	assert_int_equal(srcmap_add_span(&m, 14, "a.dts", 4, 10, false), 0);
	assert_int_equal(srcmap_add_span(&m, 20, "b.h", 9, 1, false), 0);
	assert_int_equal(m.n_spans, 3);
	l = srcmap_loc(&m, "gen.dts", 1, 4);
	assert_string_equal(l.file, "a.dts");
	assert_int_equal(l.line, 4);
	assert_int_equal(l.col, 6);
	l = srcmap_loc(&m, "gen.dts", 1, 11);
	assert_int_equal(l.col, 5);
	l = srcmap_loc(&m, "gen.dts", 1, 13);
	assert_int_equal(l.col, 9);
	l = srcmap_loc(&m, "gen.dts", 1, 25);
	assert_string_equal(l.file, "b.h");
	assert_int_equal(l.line, 9);
	assert_int_equal(l.col, 6);
	l = srcmap_loc(&m, "gen.dts", 1, 0);
	assert_string_equal(l.file, "a.dts");
	assert_int_equal(l.col, 0);
	/* A span further left than the last replaces those from its column on. */
	assert_int_equal(srcmap_add_span(&m, 12, "c.h", 2, 3, true), 0);
	assert_int_equal(m.n_spans, 2);
	l = srcmap_loc(&m, "gen.dts", 1, 30);
	assert_string_equal(l.file, "c.h");
	assert_int_equal(l.col, 3);
	/* Spans belong to their line: the next line and lines past the end have none. */
	assert_int_equal(srcmap_push(&m, "a.dts", 5, 0), 0);
	l = srcmap_loc(&m, "gen.dts", 2, 30);
	assert_string_equal(l.file, "a.dts");
	assert_int_equal(l.line, 5);
	assert_int_equal(l.col, 30);
	l = srcmap_loc(&m, "gen.dts", 3, 30);
	assert_int_equal(l.line, 6);
	assert_int_equal(l.col, 30);
	srcmap_free(&m);
	assert_int_equal(m.n_spans, 0);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_cpp_object_macro_keeps_lines_and_columns),
		T(test_cpp_function_macros_stringify_paste_variadic),
		T(test_cpp_function_macro_name_without_parenthesis_is_kept),
		T(test_cpp_rescan_and_blue_paint),
		T(test_cpp_spacing_follows_gcc_where_dts_cares),
		T(test_cpp_arguments_across_lines_map_to_the_macro_line),
		T(test_cpp_columns_after_a_macro_on_the_line_are_the_source_ones),
		T(test_cpp_columns_after_nested_stringified_and_pasted_macros),
		T(test_cpp_positions_after_arguments_across_lines),
		T(test_cpp_columns_in_included_files_and_at_line_start),
		T(test_cpp_defines_from_options),
		T(test_cpp_redefinition_warns_and_identical_one_does_not),
		T(test_cpp_builtin_macros),
		T(test_cpp_unknown_directives_pass_through),
		T(test_cpp_comments_strings_and_quotes),
		T(test_cpp_backslash_newline),
		T(test_cpp_conditionals),
		T(test_cpp_if_expressions),
		T(test_cpp_if_errors_are_located),
		T(test_cpp_unbalanced_conditionals_are_located),
		T(test_cpp_include_search_and_map),
		T(test_cpp_include_guards_once_and_next),
		T(test_cpp_unsaved_buffers_replace_included_files),
		T(test_cpp_missing_include_is_a_located_error),
		T(test_cpp_computed_include),
		T(test_cpp_include_depth_is_limited),
		T(test_cpp_error_and_warning_directives),
		T(test_cpp_warning_alone_succeeds),
		T(test_cpp_line_directive),
		T(test_cpp_argument_errors_are_located),
		T(test_cpp_define_errors_are_located),
		T(test_cpp_macro_bomb_is_limited),
		T(test_cpp_argument_bomb_is_limited),
		T(test_cpp_deep_if_expression_is_an_error),
		T(test_cpp_in_map_places_lines_and_errors_in_the_yaml),
		T(test_cpp_in_map_columns_after_a_macro),
		T(test_cpp_map_places_validate_findings_after_macros),
		T(test_cpp_map_places_example_findings_after_macros),
		T(test_cpp_big_gaps_in_included_files_are_not_filled),
		T(test_cpp_output_free_is_safe_after_errors),
		T(test_srcmap_loc_maps_lines_columns_and_beyond),
		T(test_srcmap_spans_map_columns_within_a_line),
	};

	return cmocka_run_group_tests_name("cpp", tests, NULL, NULL);
}
