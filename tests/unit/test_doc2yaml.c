// SPDX-License-Identifier: BSD-2-Clause
/* test_doc2yaml.c - doc2yaml on small inputs: whole outputs, findings, files, MAINTAINERS. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include <cmocka.h>

#include "doc2yaml/doc2yaml.h"
#include "doc2yaml/doc2yaml-private.h"
#include "internal.h"

struct fixture {
	FILE *err;		/* the diag sink's stream */
	char *errtext;
	size_t errlen;
	struct dtbind_diag *diag;
	char dir[64];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->err = open_memstream(&f->errtext, &f->errlen);
	f->diag = f->err ? dtbind_diag_new(f->err, DTBIND_FORMAT_GCC) : NULL;
	snprintf(f->dir, sizeof(f->dir), "/tmp/test-doc2yaml-XXXXXX");
	if (!f->diag || !mkdtemp(f->dir))
		return -1;
	*state = f;
	return 0;
}

static int rm_dir(const char *dir)
{
	char *cmd;
	int ret;

	if (asprintf(&cmd, "rm -rf '%s'", dir) < 0)
		return -1;
	ret = system(cmd);
	free(cmd);
	return ret;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	dtbind_diag_free(f->diag);
	fclose(f->err);
	free(f->errtext);
	rm_dir(f->dir);
	free(f);
	return 0;
}

static const char *const maint[] = { "Jane Doe <jane@example.com>" };

/* Convert @txt (named @name) without the self-check; returns the YAML (caller frees). */
static char *convert(struct fixture *f, const char *name, const char *txt, const char *out)
{
	/* The fixture's directory as board sources: none, and no note that there are none. */
	struct dtbind_doc2yaml_opts o = {
		.maintainers = maint, .n_maintainers = 1, .no_self_check = true, .dts_dir = f->dir,
	};
	struct dtbind_doc2yaml *c;
	char *yaml = NULL;
	size_t len;

	assert_int_equal(dtbind_doc2yaml_new(f->diag, &o, &c), 0);
	assert_int_equal(dtbind_doc2yaml_convert(c, name, txt, strlen(txt), out, &yaml, &len), 0);
	assert_non_null(yaml);
	assert_int_equal(strlen(yaml), len);
	dtbind_doc2yaml_free(c);
	return yaml;
}

static const char *findings(struct fixture *f)
{
	fflush(f->err);
	return f->errtext ? f->errtext : "";
}

static void test_doc2yaml_converts_a_dash_list_binding(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "foo.txt",
		"Foo bar controller\n\n"
		"Required properties:\n"
		"- compatible: must be \"acme,foo-v2\" followed by \"acme,foo\"\n"
		"- reg: base address and size\n"
		"- acme,depth : FIFO depth, <u32>\n\n"
		"Optional properties:\n"
		"- acme,swap : if present, bytes are swapped\n\n"
		"Example:\n"
		"\tfoo@4000 {\n"
		"\t\tcompatible = \"acme,foo-v2\", \"acme,foo\";\n"
		"\t\treg = <0x4000 0x100>;\n"
		"\t\tinterrupts = <GIC_SPI 5 IRQ_TYPE_LEVEL_HIGH>;\n"
		"\t\tacme,depth = <16>;\n"
		"\t};\n", NULL);

	assert_string_equal(y,
		"# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)\n"
		"%YAML 1.2\n"
		"---\n"
		"$id: http://devicetree.org/schemas/foo.yaml#\n"
		"$schema: http://devicetree.org/meta-schemas/core.yaml#\n"
		"\n"
		"title: Foo bar controller\n"
		"\n"
		"maintainers:\n"
		"  - Jane Doe <jane@example.com>\n"
		"\n"
		"properties:\n"
		"  compatible:\n"
		"    items:\n"
		"      - const: acme,foo-v2\n"
		"      - const: acme,foo\n"
		"  reg:\n"
		"    maxItems: 1\n"
		"  acme,depth:\n"
		"    $ref: /schemas/types.yaml#/definitions/uint32\n"
		"    description: FIFO depth\n"
		"  acme,swap:\n"
		"    type: boolean\n"
		"    description: If present, bytes are swapped\n"
		"  interrupts:\n"
		"    maxItems: 1\n"
		"\n"
		"required:\n"
		"  - compatible\n"
		"  - reg\n"
		"  - acme,depth\n"
		"  - interrupts\n"
		"\n"
		"additionalProperties: false\n"
		"\n"
		"examples:\n"
		"  - |\n"
		"    #include <dt-bindings/interrupt-controller/arm-gic.h>\n"
		"    #include <dt-bindings/interrupt-controller/irq.h>\n"
		"\n"
		"    foo@4000 {\n"
		"        compatible = \"acme,foo-v2\", \"acme,foo\";\n"
		"        reg = <0x4000 0x100>;\n"
		"        interrupts = <GIC_SPI 5 IRQ_TYPE_LEVEL_HIGH>;\n"
		"        acme,depth = <16>;\n"
		"    };\n"
		"...\n");
	assert_string_equal(findings(f), "");
	free(y);
}

static void test_doc2yaml_reads_epapr_items(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "bar.txt",
		"Bar PHY\n\n"
		"PROPERTIES\n\n"
		"- compatible:\n"
		"\tUsage: required\n"
		"\tValue type: <string>\n"
		"\tDefinition: must be one of:\n"
		"\t\t    \"acme,bar-a\"\n"
		"\t\t    \"acme,bar-b\"\n\n"
		"- #phy-cells:\n"
		"\tUsage: required\n"
		"\tValue type: <u32>\n"
		"\tDefinition: must be 1\n\n"
		"- acme,link\n"
		"\tUsage: optional\n"
		"\tValue type: <phandle>\n"
		"\tDefinition: the syscon\n", NULL);
	const char *props = strstr(y, "\nproperties:\n");

	assert_non_null(props);
	assert_string_equal(props,
		"\nproperties:\n"
		"  compatible:\n"
		"    enum:\n"
		"      - acme,bar-a\n"
		"      - acme,bar-b\n"
		"  '#phy-cells':\n"
		"    const: 1\n"
		"  acme,link:\n"
		"    $ref: /schemas/types.yaml#/definitions/phandle\n"
		"    description: The syscon\n"
		"\n"
		"required:\n"
		"  - compatible\n"
		"  - '#phy-cells'\n"
		"\n"
		"additionalProperties: false\n"
		"\n"
		"examples:\n"
		"  - |\n"
		"    phy {\n"
		"        compatible = \"acme,bar-a\";\n"
		"        #phy-cells = <1>;\n"
		"    };\n"
		"...\n");
	/* The example was written from the schema: said so, at the compatible's line. */
	assert_string_equal(findings(f),
		"bar.txt:5:1: warning: the text has no example; one was written from the schema "
		"[doc2yaml-example]\n");
	free(y);
}

static void test_doc2yaml_marks_deprecated_compatibles(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "t.txt",
		"Timer\n\n"
		"Required properties:\n"
		" - compatible : one of\n"
		"\t\"acme,timer-a1\" (deprecated)\n"
		"\t\"acme,timer-a2\"\n"
		" - reg : registers\n", NULL);
	const char *c = strstr(y, "  compatible:\n");

	assert_non_null(c);
	const char *want = "  compatible:\n"
			   "    oneOf:\n"
			   "      - const: acme,timer-a2\n"
			   "      - const: acme,timer-a1\n"
			   "        deprecated: true\n"
			   "  reg:\n";
	char *got = strndup(c, strlen(want));

	assert_string_equal(got, want);
	free(got);
	free(y);
}

/*
 * "acme,widget-" has no last word to look for in the file's name: the empty
 * word matched at the end of the name and the search read past it (found by
 * fuzz_doc2yaml; regress/doc2yaml/compatible-ending-in-dash.txt).  Shown
 * only inside our node, it is still the child's compatible.
 */
static void test_doc2yaml_child_compatible_ending_in_dash(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "w.txt",
		"Acme widget\n\nRequired properties:\n"
		"- compatible: should be \"acme,widget\" or \"acme,widget-\"\n\n"
		"Example:\n\nw {\n\tcompatible = \"acme,widget\";\n"
		"\tc {\n\t\tcompatible = \"acme,widget-\";\n\t};\n};\n", NULL);

	assert_non_null(strstr(y, "  compatible:\n    const: acme,widget\n  c:\n"));
	assert_non_null(strstr(y, "      compatible:\n        const: acme,widget-\n"));
	free(y);
}

/* A standard property written with /bits/ 16 gets that width (the general one would be 32). */
static void test_doc2yaml_types_a_standard_property_by_its_bits(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "hub.txt", "Hub\n\nRequired properties:\n- compatible: \"acme,hub\"\n"
			  "- vendor-id: USB vendor ID\n\nExample:\n\thub {\n\t\tcompatible = "
			  "\"acme,hub\";\n\t\tvendor-id = /bits/ 16 <0x0424>;\n\t};\n", NULL);

	assert_non_null(strstr(y, "  vendor-id:\n    $ref: /schemas/types.yaml#/definitions/uint16\n"
				  "    description: USB vendor ID\n"));
	free(y);
}

static void test_doc2yaml_reports_guessed_types_at_the_txt_line(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "g.txt",
		"G\n\n"
		"Required properties:\n"
		"- compatible: \"acme,g\"\n\n"
		"Optional properties:\n"
		"- acme,mystery: something about the device\n", NULL);

	assert_string_equal(findings(f),
		"g.txt:7:1: warning: the text does not say the type of 'acme,mystery'; uint32 "
		"assumed [doc2yaml-type]\n"
		"g.txt:4:1: warning: the text has no example; one was written from the schema "
		"[doc2yaml-example]\n");
	free(y);
}

static void test_doc2yaml_keeps_example_labels_unique(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "l.txt",
		"L\n\n"
		"Required properties:\n"
		"- compatible: \"acme,l\"\n\n"
		"Example:\n\n"
		"\tl: l@1 {\n\t\tcompatible = \"acme,l\";\n\t\treg = <1 1>;\n\t};\n\n"
		"Example 2:\n\n"
		"\tl: l@2 {\n\t\tcompatible = \"acme,l\";\n\t\treg = <2 1>;\n\t};\n"
		"\tuser {\n\t\tfoo = <&l>;\n\t};\n", NULL);
	const char *ex = strstr(y, "\nexamples:\n");

	assert_non_null(ex);
	assert_string_equal(ex,
		"\nexamples:\n"
		"  - |\n"
		"    l@1 {\n"
		"        compatible = \"acme,l\";\n"
		"        reg = <1 1>;\n"
		"    };\n"
		"  - |\n"
		"    l: l@2 {\n"
		"        compatible = \"acme,l\";\n"
		"        reg = <2 1>;\n"
		"    };\n"
		"\n"
		"    user {\n"
		"        foo = <&l>;\n"
		"    };\n"
		"...\n");
	free(y);
}

/* A description line indented past the wrap width (it recursed without end). */
static void test_doc2yaml_wraps_a_line_indented_past_the_width(void **state)
{
	struct fixture *f = *state;
	char txt[512];
	int n = snprintf(txt, sizeof(txt), "Codec\n\nSome prose about the codec.\n%*sdeeply "
			 "indented words\n\nRequired properties:\n- compatible: \"acme,c\"\n", 120, "");

	assert_true(n > 0 && (size_t)n < sizeof(txt));
	char *y = convert(f, "c.txt", txt, NULL);

	assert_non_null(strstr(y, "description: |\n  Some prose about the codec.\n"
				  "  deeply indented words\n"));
	free(y);
}

/*
 * A compatible of many alternative groups ("acme,w[a b|c d]...") stands
 * for 2^groups strings, all of them tried and, invalid, thrown away: the
 * expansion is bounded (40 groups did not finish; a fuzzed text of
 * fewer took 1.2 GB).
 */
static void test_doc2yaml_bounds_alternative_groups(void **state)
{
	struct fixture *f = *state;
	char txt[1024];
	size_t n = (size_t)snprintf(txt, sizeof(txt), "Widget\n\nRequired properties:\n"
				    "- compatible: \"acme,w");

	/* Alternatives that make no valid string: every combination is tried. */
	for (int g = 0; g < 40; g++)
		n += (size_t)snprintf(txt + n, sizeof(txt) - n, "[a b|c d]");
	snprintf(txt + n, sizeof(txt) - n, "\", \"acme,widget\"\n");
	char *y = convert(f, "w.txt", txt, NULL);

	assert_non_null(y);
	assert_non_null(strstr(y, "acme,widget"));
	free(y);
}

static void test_doc2yaml_survives_garbage(void **state)
{
	struct fixture *f = *state;
	char junk[4096];
	unsigned x = 12345;

	for (size_t i = 0; i < sizeof(junk) - 1; i++) {
		x = x * 1103515245u + 12345u;
		junk[i] = (char)(x >> 16);
		if (junk[i] == '\0')
			junk[i] = '{';
	}
	junk[sizeof(junk) - 1] = '\0';
	char *y = convert(f, "junk.txt", junk, NULL);
	struct dtbind_doc *doc;

	/* Whatever the input, the output is one YAML mapping. */
	assert_int_equal(dtbind_doc_load_string("out.yaml", y, strlen(y), f->diag, 0, &doc), 0);
	assert_int_equal(dtbind_doc_root(doc)->kind, DTBIND_MAP);
	dtbind_doc_free(doc);
	free(y);
}

static int write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (!fp)
		return -1;
	fputs(text, fp);
	return fclose(fp);
}

/*
 * Write @text to @dir/@name under the fixture's tree (directories made),
 * convert it to @out (under the fixture's directory), return the YAML.
 */
static char *convert_in_tree(struct fixture *f, const char *dir, const char *name,
			     const char *text, const char *out)
{
	struct dtbind_doc2yaml_opts o = { .no_self_check = true, .dts_dir = f->dir };
	struct dtbind_doc2yaml *c;
	char *d, *txt, *o_path, *cmd, *o_dir, *yaml = NULL;
	size_t len;

	assert_true(asprintf(&d, "%s/Documentation/devicetree/bindings/%s", f->dir, dir) > 0);
	assert_true(asprintf(&o_path, "%s/%s", f->dir, out) > 0);
	o_dir = strdup(o_path);
	assert_non_null(o_dir);
	*strrchr(o_dir, '/') = '\0';
	assert_true(asprintf(&cmd, "mkdir -p '%s' '%s'", d, o_dir) > 0);
	assert_int_equal(system(cmd), 0);
	assert_true(asprintf(&txt, "%s/%s", d, name) > 0);
	assert_int_equal(write_text(txt, text), 0);
	assert_int_equal(dtbind_doc2yaml_new(f->diag, &o, &c), 0);
	assert_int_equal(dtbind_doc2yaml_convert(c, txt, text, strlen(text), o_path, &yaml, &len), 0);
	dtbind_doc2yaml_free(c);
	free(d);
	free(txt);
	free(o_path);
	free(o_dir);
	free(cmd);
	return yaml;
}

static void test_doc2yaml_takes_maintainers_and_id_from_the_tree(void **state)
{
	struct fixture *f = *state;
	char *maintainers, *yaml;
	const char *t = "Widget\n\nRequired properties:\n- compatible: \"acme,widget\"\n";

	assert_true(asprintf(&maintainers, "%s/MAINTAINERS", f->dir) > 0);
	assert_int_equal(write_text(maintainers,
		"DEVICE TREE\n"
		"M:\tRob <rob@example.com>\n"
		"F:\tDocumentation/devicetree/\n"
		"\n"
		"ACME WIDGET DRIVER\n"
		"M:\tWile E. Coyote <wile@acme.example>\n"
		"S:\tMaintained\n"
		"F:\tDocumentation/devicetree/bindings/misc/acme,*\n"
		"F:\tdrivers/misc/acme-widget.c\n"), 0);
	yaml = convert_in_tree(f, "misc", "acme,widget.txt", t,
			       "Documentation/devicetree/bindings/misc/acme,widget.yaml");
	assert_non_null(strstr(yaml,
		"$id: http://devicetree.org/schemas/misc/acme,widget.yaml#\n"));
	assert_non_null(strstr(yaml, "maintainers:\n  - Wile E. Coyote <wile@acme.example>\n\n"));
	free(yaml);
	free(maintainers);
}

/*
 * "doc2yaml bindings/ -o out/": an output outside the tree has the $id of
 * the input's directory under the tree ("board/" is in no list of
 * top-level binding directories), with the output's file name.
 */
static void test_doc2yaml_id_of_an_output_elsewhere(void **state)
{
	struct fixture *f = *state;
	const char *t = "Board FPGA\n\nRequired properties:\n- compatible: \"acme,board-fpga\"\n";
	char *yaml = convert_in_tree(f, "board", "acme-fpga.txt", t, "out/board/acme-fpga-txt.yaml");

	assert_non_null(strstr(yaml,
		"$id: http://devicetree.org/schemas/board/acme-fpga-txt.yaml#\n"));
	free(yaml);
}

static void test_doc2yaml_self_check_maps_lint_findings(void **state)
{
	struct fixture *f = *state;
	struct dtbind_doc2yaml_opts o = { .maintainers = maint, .n_maintainers = 1,
					  .dts_dir = f->dir };
	struct dtbind_doc2yaml *c;
	char *yaml;
	size_t len;
	/* A required property the example lacks: the example gains a sample, and says so. */
	const char *t = "W\n\nRequired properties:\n- compatible: \"acme,w\"\n"
			"- acme,level: level, <u32>\n\nExample:\n\tw {\n\t\tcompatible = \"acme,w\";\n"
			"\t};\n";

	assert_int_equal(dtbind_doc2yaml_new(f->diag, &o, &c), 0);
	assert_int_equal(dtbind_doc2yaml_convert(c, "w.txt", t, strlen(t), "w.yaml", &yaml, &len),
			 0);
	dtbind_doc2yaml_free(c);
	assert_non_null(strstr(yaml, "        acme,level = <0>;\n"));
	assert_string_equal(findings(f),
		"w.txt:8:1: warning: example node 'w' lacks required properties; added with sample "
		"values: acme,level [doc2yaml-example]\n");
	assert_int_equal(dtbind_diag_count(f->diag, DTBIND_ERROR), 0);
	free(yaml);
}

/* find_ci: the first match, any case, at the start, the end or nowhere. */
static void test_find_ci_finds_first_match_in_any_case(void **state)
{
	const char *s = "Should be \"ACME,Widget\"; see acme,widget";

	(void)state;
	assert_ptr_equal(find_ci(s, "acme,widget"), s + 11);
	assert_ptr_equal(find_ci(s, "sHOULD"), s);
	assert_ptr_equal(find_ci(s, "WIDGET"), s + 16);
	assert_ptr_equal(find_ci(s, "acme,widget\"; see"), s + 11);
	assert_ptr_equal(find_ci(s, "Widget"), s + 16);
	const char *abc = "abc", *words = "a widgets widget";

	assert_ptr_equal(find_ci(abc, "C"), abc + 2);
	assert_null(find_ci(s, "widgets"));
	assert_null(find_ci("ab", "abc"));
	assert_null(find_ci("", "a"));
	/* An empty needle matches at the start of a non-empty text only. */
	assert_ptr_equal(find_ci(s, ""), s);
	assert_null(find_ci("", ""));
	assert_ptr_equal(find_word(words, "WIDGET"), words + 10);
}

/*
 * Quotes only where a YAML 1.1 (yamllint's PyYAML) or 1.2 (dt-schema's
 * ruamel) reader would take the plain text for something else: yamllint's
 * quoted-strings rule calls any other quote redundant.
 */
static void test_plain_ok_quotes_numbers_only(void **state)
{
	static const char *const plain[] = { "01_01a", "01_03d", "20-24", "abc", "0xZZ", "1e", "v1.2" };
	static const char *const quoted[] = {
		"0x1F", "123", "1.5", "1e5", "0b101", "0o17", "12:30", "1_000", ".5", "-3",
		"2002-12-14", "yes", "null", "",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
		assert_true(plain_ok(plain[i]));
	for (size_t i = 0; i < sizeof(quoted) / sizeof(quoted[0]); i++)
		assert_false(plain_ok(quoted[i]));
}

/*
 * Pointers to generic .txt bindings leave a description; what a sentence
 * says besides stays, and so do pointers to other (device) bindings.
 */
static void test_drop_generic_pointers_keeps_what_sentences_say(void **state)
{
	static const struct {
		const char *in, *out;	/* out NULL: nothing is left */
	} cases[] = {
		{ "Please refer to pinctrl-bindings.txt in this directory for details of the\n"
		  "common pinctrl bindings used by client devices.", NULL },
		{ "The reset line to use, as described in reset.txt.", "The reset line to use." },
		{ "The common video interfaces bindings (see video-interfaces.txt) should be used.",
		  "The common video interfaces bindings should be used." },
		{ "Any property defined as part of the core regulator binding, defined in\n"
		  "regulator.txt, can also be used.",
		  "Any property defined as part of the core regulator binding can also be used." },
		{ "This binding uses the common clock binding[1]. It has two inputs.",
		  "It has two inputs." },
		/* The clause is the sentence's predicate: not cut into a fragment. */
		{ "Are child nodes of eFuse, bindings of which as described in\nnvmem/nvmem.txt", NULL },
		/* Goes on past the name: it says more. */
		{ "The MAC address is read as defined in ethernet.txt and only if efuse-mac is 0.",
		  "The MAC address is read as defined in ethernet.txt and only if efuse-mac is 0." },
		/* A device's binding, not a generic one. */
		{ "For more details about the whole chip see mfd/motorola-cpcap.txt.",
		  "For more details about the whole chip see mfd/motorola-cpcap.txt." },
		{ "No pointer here.", "No pointer here." },
		/*
		 * Blanks after the pointer, past the line's width: only what is
		 * written is cut into lines (it was read to the width, past the
		 * end of the buffer; tests/fuzz/regress/doc2yaml/description-blanks.txt).
		 */
		{ "The reset line to use, as described in reset.txt.                    "
		  "                                                                     ",
		  "The reset line to use." },
		{ "For more details on the 'dma' and 'clock' properties\n\n * resource-names.txt\n"
		  " * clock/clock-bindings.txt", NULL },
	};
	struct line note = {
		.s = (char *)"[1] Documentation/devicetree/bindings/clock/clock-bindings.txt",
		.no = 9,
	};
	struct conv cv;

	(void)state;
	memset(&cv, 0, sizeof(cv));
	note.t = note.s;
	cv.lines = &note;
	cv.nlines = 1;
	arena_init(&cv.a, 4096);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = drop_generic_pointers(&cv, cases[i].in);

		if (cases[i].out)
			assert_string_equal(got, cases[i].out);
		else
			assert_null(got);
	}
	arena_release(&cv.a);
}

/*
 * A buffer converted in memory under a path that exists nowhere (an unsaved
 * editor buffer, a fuzz input) converts; its $id is the path as written.
 * It had returned -DTBIND_ENOMEM, so the doc2yaml fuzz harness, which names
 * its input so, never reached the schema's construction.
 */
static void test_doc2yaml_converts_under_a_path_that_does_not_exist(void **state)
{
	struct fixture *f = *state;
	char *y = convert(f, "/nonexistent/Documentation/devicetree/bindings/misc/acme,foo.txt",
		"Foo controller\n\nRequired properties:\n- compatible: must be \"acme,foo\"\n",
		NULL);

	assert_non_null(strstr(y, "$id: http://devicetree.org/schemas/misc/acme,foo.yaml#"));
	assert_non_null(strstr(y, "const: acme,foo"));
	free(y);
}

/*
 * A title over 96 bytes is cut to the meta-schema's length, never inside a
 * UTF-8 character: a cut between the two bytes of U+0507 left the YAML
 * invalid (found by fuzzing).
 */
static void test_clean_title_cuts_between_characters(void **state)
{
	struct conv cv = { 0 };
	char in[160];
	size_t n = 0;

	(void)state;
	arena_init(&cv.a, 4096);
	n += (size_t)snprintf(in, sizeof(in), "Real Time Clock and C");
	while (n < 95)
		in[n++] = 'x';
	memcpy(in + n, "\xd4\x87 calendar", 12);	/* U+0507 over bytes 95 and 96 */
	const char *t = clean_title(&cv, in);

	assert_non_null(t);
	assert_int_equal(strlen(t), 95);
	assert_int_equal((unsigned char)t[94], 'x');
	arena_release(&cv.a);
}

/* ref_prop_use() finds entries by bsearch: the generated table must be in strcmp order. */
static void test_ref_props_table_is_sorted_and_found(void **state)
{
	static const struct { const char *path, *name; } table[] = {
#define REF_PROP(p, n, l, r) { p, n },
#include "doc2yaml/ref-props.def"
#undef REF_PROP
	};
	struct conv cv = { 0 };
	bool refs[CS_COUNT] = { false };

	(void)state;
	for (size_t i = 1; i < sizeof(table) / sizeof(table[0]); i++) {
		int c = strcmp(table[i - 1].path, table[i].path);

		assert_true(c < 0 || (c == 0 && strcmp(table[i - 1].name, table[i].name) < 0));
	}
	refs[CS_LEDS] = true;
	/* leds/common.yaml: kernel LED schemas leave label to it, list led-sources again. */
	assert_int_equal(ref_prop_use(&cv, refs, "label"), REF_USE_LEFT);
	assert_int_equal(ref_prop_use(&cv, refs, "led-sources"), REF_USE_LISTED);
	assert_int_equal(ref_prop_use(&cv, refs, "reg"), REF_USE_NONE);
	refs[CS_LEDS] = false;
	cv.xrefs[cv.nxrefs++] = table[0].path;	/* the table's ends are found too */
	assert_int_not_equal(ref_prop_use(&cv, refs, table[0].name), REF_USE_NONE);
	cv.xrefs[0] = table[sizeof(table) / sizeof(table[0]) - 1].path;
	assert_int_not_equal(ref_prop_use(&cv, refs, table[sizeof(table) / sizeof(table[0]) - 1].name),
			     REF_USE_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_title_cuts_between_characters),
		cmocka_unit_test(test_ref_props_table_is_sorted_and_found),
		cmocka_unit_test(test_find_ci_finds_first_match_in_any_case),
		cmocka_unit_test(test_plain_ok_quotes_numbers_only),
		cmocka_unit_test(test_drop_generic_pointers_keeps_what_sentences_say),
		cmocka_unit_test_setup_teardown(test_doc2yaml_id_of_an_output_elsewhere, setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_converts_a_dash_list_binding, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_reads_epapr_items, setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_marks_deprecated_compatibles, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_child_compatible_ending_in_dash, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_types_a_standard_property_by_its_bits,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_reports_guessed_types_at_the_txt_line,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_keeps_example_labels_unique, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_wraps_a_line_indented_past_the_width,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_bounds_alternative_groups, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_survives_garbage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_converts_under_a_path_that_does_not_exist,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_takes_maintainers_and_id_from_the_tree,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_doc2yaml_self_check_maps_lint_findings, setup,
						teardown),
	};
	return cmocka_run_group_tests_name("doc2yaml", tests, NULL, NULL);
}
