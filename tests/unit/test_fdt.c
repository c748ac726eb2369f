// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_fdt.c - the FDT writer (struct dt_tree -> blob, libfdt) and the
 * decoder (blob -> the value tree dt-schema validates), round trip, and the
 * decoder on damaged blobs.
 *
 * The blob is read back with libfdt itself, not with our decoder, so a
 * writer bug cannot hide behind a matching decoder bug.  The decoded values
 * are compared with the shapes dt-schema gives the same types (its JSON
 * spelling): integers as a matrix ([[7]]), strings as a list, flags as true.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libfdt.h>

#include "dts.h"
#include "dttypes.h"
#include "dtdecode.h"
#include "internal.h"
#include "fdtwrite.h"

static const char board[] =
	"/dts-v1/;\n"
	"/ {\n"
	"\t#address-cells = <1>;\n"
	"\t#size-cells = <1>;\n"
	"\tintc: interrupt-controller@1000 {\n"
	"\t\tcompatible = \"acme,intc\";\n"
	"\t\treg = <0x1000 0x100>;\n"
	"\t\tinterrupt-controller;\n"
	"\t\t#interrupt-cells = <2>;\n"
	"\t};\n"
	"\tdev@2000 {\n"
	"\t\tcompatible = \"acme,dev\", \"acme,generic\";\n"
	"\t\treg = <0x2000 0x10>;\n"
	"\t\tinterrupts-extended = <&intc 5 4>;\n"
	"\t\tacme,u32 = <7>;\n"
	"\t\tacme,u8s = /bits/ 8 <1 2 0xff>;\n"
	"\t\tacme,u64 = /bits/ 64 <0x100000000>;\n"
	"\t\tacme,strs = \"a\", \"bc\";\n"
	"\t\tacme,flag;\n"
	"\t\tacme,s32 = <(-5)>;\n"
	"\t\tacme,path = &intc;\n"
	"\t};\n"
	"};\n";

static const char types_yaml[] =
	"properties:\n"
	"  acme,u32:\n"
	"    $ref: /schemas/types.yaml#/definitions/uint32\n"
	"  acme,u8s:\n"
	"    $ref: /schemas/types.yaml#/definitions/uint8-array\n"
	"  acme,u64:\n"
	"    $ref: /schemas/types.yaml#/definitions/uint64\n"
	"  acme,strs:\n"
	"    $ref: /schemas/types.yaml#/definitions/string-array\n"
	"  acme,flag:\n"
	"    $ref: /schemas/types.yaml#/definitions/flag\n"
	"  acme,s32:\n"
	"    $ref: /schemas/types.yaml#/definitions/int32\n"
	"  compatible:\n"
	"    $ref: /schemas/types.yaml#/definitions/string-array\n"
	"  acme,path:\n"
	"    $ref: /schemas/types.yaml#/definitions/string\n";

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	struct dt_tree tree;
	struct hmap paths;
	struct arena arena;
	void *blob;
	size_t size;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->out = open_memstream(&f->text, &f->len)) ||
	    !(f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC)))
		return -1;
	dt_tree_init(&f->tree);
	hmap_init(&f->paths);
	arena_init(&f->arena, 64 * 1024);
	if (dts_parse(&f->tree, "board.dts", board, sizeof(board) - 1, NULL, f->diag) ||
	    dt_to_fdt(&f->tree, &f->arena, &f->paths, &f->blob, &f->size))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	free(f->blob);
	arena_release(&f->arena);
	hmap_free(&f->paths);
	dt_tree_release(&f->tree);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

static const fdt32_t *cells(const void *blob, const char *path, const char *prop, int *n)
{
	int off = fdt_path_offset(blob, path), len = -1;
	const fdt32_t *p;

	assert_true(off >= 0);
	p = fdt_getprop(blob, off, prop, &len);
	assert_non_null(p);
	*n = len;
	return p;
}

/* The blob is valid and holds what the source says, read with libfdt. */
static void test_write_read_with_libfdt(void **state)
{
	struct fixture *f = *state;
	const fdt32_t *c;
	const uint8_t *b;
	const char *s;
	int n, intc;

	assert_int_equal(fdt_check_header(f->blob), 0);
	assert_true(fdt_totalsize(f->blob) <= f->size);

	c = cells(f->blob, "/dev@2000", "reg", &n);
	assert_int_equal(n, 8);
	assert_int_equal(fdt32_to_cpu(c[0]), 0x2000);
	assert_int_equal(fdt32_to_cpu(c[1]), 0x10);

	/* &intc became intc's phandle, and intc got that phandle property */
	intc = fdt_path_offset(f->blob, "/interrupt-controller@1000");
	assert_true(intc >= 0);
	assert_int_not_equal(fdt_get_phandle(f->blob, intc), 0);
	c = cells(f->blob, "/dev@2000", "interrupts-extended", &n);
	assert_int_equal(n, 12);
	assert_int_equal(fdt32_to_cpu(c[0]), fdt_get_phandle(f->blob, intc));
	assert_int_equal(fdt32_to_cpu(c[1]), 5);
	assert_int_equal(fdt32_to_cpu(c[2]), 4);

	/* /bits/ 8 and /bits/ 64, a negative cell, a path reference */
	b = (const uint8_t *)cells(f->blob, "/dev@2000", "acme,u8s", &n);
	assert_int_equal(n, 3);
	assert_int_equal(b[2], 0xff);
	c = cells(f->blob, "/dev@2000", "acme,u64", &n);
	assert_int_equal(n, 8);
	assert_int_equal(fdt32_to_cpu(c[0]), 1);
	assert_int_equal(fdt32_to_cpu(c[1]), 0);
	c = cells(f->blob, "/dev@2000", "acme,s32", &n);
	assert_int_equal(fdt32_to_cpu(c[0]), 0xfffffffbu);
	s = (const char *)cells(f->blob, "/dev@2000", "acme,path", &n);
	assert_string_equal(s, "/interrupt-controller@1000");
	c = cells(f->blob, "/dev@2000", "acme,flag", &n);
	assert_int_equal(n, 0);
	s = (const char *)cells(f->blob, "/dev@2000", "compatible", &n);
	assert_int_equal(n, (int)sizeof("acme,dev\0acme,generic"));
	assert_string_equal(s + strlen(s) + 1, "acme,generic");

	/* every node written is mapped back to its source node */
	assert_non_null(hmap_get_str(&f->paths, "/dev@2000", strlen("/dev@2000")));
}

static struct dtbind_loc where(void *user, const char *path, const char *prop)
{
	(void)user;
	(void)prop;
	return (struct dtbind_loc){ .file = "board.dts", .line = strcmp(path, "/") ? 11 : 2, .col = 2 };
}

/* Decoded with the types the schemas give, in dt-schema's shapes. */
static void test_decode_typed(void **state)
{
	struct fixture *f = *state;
	struct dtbind_doc *doc = NULL;
	const struct dtbind_value *root;
	struct dt_types *types = NULL;
	struct dtbind_value *tree = NULL;
	unsigned decode_errors = 0;
	char *json;

	assert_int_equal(dtbind_doc_load_string("types.yaml", types_yaml, sizeof(types_yaml) - 1,
						f->diag, 0, &doc), 0);
	root = dtbind_doc_root(doc);
	assert_int_equal(dt_types_build(&types, &root, 1, DTBIND_GEN_2026_06), 0);
	assert_int_equal(dt_decode(&f->arena, f->blob, types, "board.dtb", where, NULL, f->diag,
				   &decode_errors, &tree), 0);
	assert_int_equal(decode_errors, 0);
	json = dtbind_value_to_json_dup(dtbind_value_get(tree, "dev@2000"));
	assert_non_null(json);
	assert_non_null(strstr(json, "\"acme,u32\": [[7]]"));
	assert_non_null(strstr(json, "\"acme,u8s\": [[1, 2, 255]]"));
	assert_non_null(strstr(json, "\"acme,u64\": [[4294967296]]"));
	assert_non_null(strstr(json, "\"acme,s32\": [[-5]]"));
	assert_non_null(strstr(json, "\"acme,strs\": [\"a\", \"bc\"]"));
	assert_non_null(strstr(json, "\"acme,flag\": true"));
	/* reg and interrupts-extended are split by the cells of their providers */
	assert_non_null(strstr(json, "\"reg\": [[8192, 16]]"));
	assert_non_null(strstr(json, "\"interrupts-extended\": [[1, 5, 4]]"));
	assert_non_null(strstr(json, "\"compatible\": [\"acme,dev\", \"acme,generic\"]"));
	assert_non_null(strstr(json, "\"acme,path\": [\"/interrupt-controller@1000\"]"));
	free(json);
	dt_types_free(types);
	dtbind_doc_free(doc);
}

/*
 * The database saved in the cache and loaded back answers as the built one,
 * by exact name and through a typed pattern (whose regex is compiled only at
 * the first lookup that needs it).
 */
static void test_types_saved_and_loaded(void **state)
{
	/* Learnt in an order other than the names' (the saved offsets are by name). */
	static const char yaml[] =
		"properties:\n"
		"  zeta,u8:\n"
		"    $ref: /schemas/types.yaml#/definitions/uint8\n"
		"  acme,u32:\n"
		"    $ref: /schemas/types.yaml#/definitions/uint32\n"
		"  acme,names:\n"
		"    $ref: /schemas/types.yaml#/definitions/string-array\n"
		"  acme,flag:\n"
		"    type: boolean\n"
		"  mid,phandles:\n"
		"    $ref: /schemas/types.yaml#/definitions/phandle-array\n"
		"patternProperties:\n"
		"  '^acme,lanes-[0-9]+$':\n"
		"    $ref: /schemas/types.yaml#/definitions/uint32-matrix\n"
		"    items:\n"
		"      minItems: 2\n"
		"      maxItems: 2\n";
	static const char *const exact[][2] = {
		{ "zeta,u8", "uint8" }, { "acme,u32", "uint32" }, { "acme,names", "string-array" },
		{ "acme,flag", "flag" }, { "mid,phandles", "phandle-array" },
	};
	struct fixture *f = *state;
	struct dtbind_doc *doc = NULL;
	const struct dtbind_value *root;
	struct dt_types *built = NULL, *loaded = NULL, *damaged = NULL;
	struct strbuf sb = { 0 }, again = { 0 };

	assert_int_equal(dtbind_doc_load_string("t.yaml", yaml, sizeof(yaml) - 1, f->diag, 0, &doc), 0);
	root = dtbind_doc_root(doc);
	assert_int_equal(dt_types_build(&built, &root, 1, DTBIND_GEN_2026_06), 0);
	dt_types_save(built, &sb);
	assert_false(sb.oom);
	struct reader r = { (const unsigned char *)sb.buf, (const unsigned char *)sb.buf + sb.len, false };

	assert_int_equal(dt_types_load(&loaded, &r), 0);
	assert_true(r.p == r.end);	/* the whole section framed, nothing decoded past it */
	struct dt_types *both[] = { built, loaded };

	for (size_t i = 0; i < 2; i++) {
		const char *types[4];
		int64_t dim[2][2];

		for (size_t k = 0; k < ARRAY_SIZE(exact); k++) {
			assert_int_equal(dt_types_get(both[i], exact[k][0], types, 4), 1);
			assert_string_equal(types[0], exact[k][1]);
		}
		assert_int_equal(dt_types_get(both[i], "acme,lanes-12", types, 4), 1);
		assert_string_equal(types[0], "uint32-matrix");
		assert_true(dt_types_dim(both[i], "acme,lanes-3", dim));
		assert_int_equal(dim[1][0], 2);
		assert_int_equal(dim[1][1], 2);
		assert_int_equal(dt_types_get_key(both[i], "^acme,lanes-[0-9]+$", true, types, 4), 1);
		assert_string_equal(types[0], "uint32-matrix");
		assert_int_equal(dt_types_get(both[i], "acme,lanes-x", types, 4), 0);
		assert_int_equal(dt_types_get(both[i], "aaa", types, 4), 0);	/* before the first name */
		assert_int_equal(dt_types_get(both[i], "zzz", types, 4), 0);	/* after the last */
		assert_false(dt_types_dim(both[i], "acme,other", dim));
	}
	/* A loaded database saves the same bytes (a cache rewritten from a cache). */
	dt_types_save(loaded, &again);
	assert_int_equal(again.len, sb.len);
	assert_memory_equal(again.buf, sb.buf, sb.len);
	/* a cut record is refused, not read past its end */
	r = (struct reader){ (const unsigned char *)sb.buf, (const unsigned char *)sb.buf + sb.len / 2, false };
	assert_int_equal(dt_types_load(&damaged, &r), -DTBIND_EPARSE);
	assert_null(damaged);
	/* offsets past the records, or into the middle of one: no answer, no read outside */
	for (uint32_t bad = 0; bad < 2; bad++) {
		char *copy = malloc(sb.len);

		assert_non_null(copy);
		memcpy(copy, sb.buf, sb.len);
		for (size_t k = 0; k < ARRAY_SIZE(exact); k++) {
			uint32_t off = bad ? 3 : 0x7ffffff0;

			memcpy(copy + 12 + 4 * k, &off, 4);
		}
		r = (struct reader){ (const unsigned char *)copy, (const unsigned char *)copy + sb.len, false };
		assert_int_equal(dt_types_load(&damaged, &r), 0);
		const char *types[4];

		for (size_t k = 0; k < ARRAY_SIZE(exact); k++)
			assert_true(dt_types_get(damaged, exact[k][0], types, 4) <= 1);
		dt_types_free(damaged);
		damaged = NULL;
		free(copy);
	}
	dt_types_free(loaded);
	dt_types_free(built);
	free(sb.buf);
	free(again.buf);
	dtbind_doc_free(doc);
}

/* A damaged blob is an error, not a crash: header, then a cut structure block. */
static void test_decode_damaged(void **state)
{
	struct fixture *f = *state;
	struct dt_types *types = NULL;
	struct dtbind_value *tree = NULL;
	unsigned decode_errors = 0;
	unsigned char *bad = malloc(f->size);

	assert_non_null(bad);
	assert_int_equal(dt_types_build(&types, NULL, 0, DTBIND_GEN_2026_06), 0);
	memcpy(bad, f->blob, f->size);
	bad[0] ^= 0xff;		/* the magic */
	assert_int_equal(dt_decode(&f->arena, bad, types, "bad.dtb", NULL, NULL, f->diag,
				   &decode_errors, &tree), -DTBIND_EPARSE);
	memcpy(bad, f->blob, f->size);
	fdt_set_size_dt_struct(bad, 8);	/* the structure block ends inside the root node */
	assert_int_not_equal(dt_decode(&f->arena, bad, types, "bad.dtb", NULL, NULL, f->diag,
				       &decode_errors, &tree), 0);
	/* Version 7 (no string-block size): libfdt 1.6.1's fdt_check_full() crashed on such a blob. */
	assert_true(dt_fdt_is_valid(f->blob, f->size));
	memcpy(bad, f->blob, f->size);
	fdt_set_version(bad, 7);
	assert_false(dt_fdt_is_valid(bad, f->size));
	assert_int_equal(dt_decode(&f->arena, bad, types, "bad.dtb", NULL, NULL, f->diag,
				   &decode_errors, &tree), -DTBIND_EPARSE);
	/* A property length of 0xffffffff, which fdt_check_full() lets through: refused, not read. */
	memcpy(bad, f->blob, f->size);
	{
		int po = fdt_first_property_offset(bad, fdt_first_subnode(bad, 0));
		struct fdt_property *prop = (struct fdt_property *)fdt_get_property_by_offset(bad, po, NULL);

		assert_non_null(prop);
		prop->len = cpu_to_fdt32(0xffffffff);
	}
	assert_int_not_equal(dt_decode(&f->arena, bad, types, "bad.dtb", NULL, NULL, f->diag,
				       &decode_errors, &tree), 0);
	/* A buffer shorter than the size the header claims. */
	assert_false(dt_fdt_is_valid(f->blob, f->size - 1));
	dt_types_free(types);
	free(bad);
}

/*
 * dt-schema 2026.06 keeps every type two bindings give one name and picks
 * one per value: by length (2 bytes cannot be uint32, 6 bytes cannot be
 * uint32-array), then strings only when the bytes read as non-empty
 * printable strings; matrix rows are cut by the merged dimensions.
 */
static const char several_dts[] =
	"/dts-v1/;\n"
	"/ {\n"
	"\tprov: provider { #acme-cells = <0>; };\n"
	"\tdev {\n"
	"\t\tvendor-id = /bits/ 16 <0x1234>;\n"
	"\t\tmode = <0>;\n"
	"\t\tcooling-levels = /bits/ 8 <1 2 3 4 5 6>;\n"
	"\t\textcon = <0>, <&prov>;\n"
	"\t\tacme,parents = <&prov &prov &prov>;\n"
	"\t};\n"
	"\tdev2 {\n"
	"\t\tvendor-id = <0x12345678>;\n"
	"\t\tmode = \"fast\";\n"
	"\t\tcooling-levels = <1 2>;\n"
	"\t};\n"
	"};\n";

static const char several_a[] =
	"properties:\n"
	"  vendor-id: { $ref: /schemas/types.yaml#/definitions/uint16 }\n"
	"  mode: { $ref: /schemas/types.yaml#/definitions/string-array }\n"
	"  cooling-levels: { $ref: /schemas/types.yaml#/definitions/uint8-array }\n"
	"  extcon:\n"
	"    $ref: /schemas/types.yaml#/definitions/phandle-array\n"
	"    minItems: 1\n"
	"    maxItems: 2\n"
	"    items: { maxItems: 1 }\n"
	"  acme,parents:\n"
	"    $ref: /schemas/types.yaml#/definitions/phandle-array\n"
	"    items:\n"
	"      - items: [ { const: 1 }, { const: 2 } ]\n";

static const char several_b[] =
	"properties:\n"
	"  vendor-id: { $ref: /schemas/types.yaml#/definitions/uint32 }\n"
	"  mode: { $ref: /schemas/types.yaml#/definitions/uint32 }\n"
	"  cooling-levels: { $ref: /schemas/types.yaml#/definitions/uint32-array }\n"
	"  extcon: { $ref: /schemas/types.yaml#/definitions/phandle }\n"
	"  acme,parents:\n"
	"    $ref: /schemas/types.yaml#/definitions/phandle-array\n"
	"    minItems: 2\n"
	"    items: { maxItems: 1 }\n";

static void test_decode_several_types_2026(void **state)
{
	struct fixture *f = *state;
	struct dtbind_doc *da = NULL, *db = NULL;
	const struct dtbind_value *roots[2];
	struct dt_types *types = NULL;
	struct dtbind_value *tree = NULL;
	struct dt_tree t;
	void *blob = NULL;
	size_t size;
	unsigned decode_errors = 0;
	int64_t dim[2][2];
	char *json;

	dt_tree_init(&t);
	assert_int_equal(dts_parse(&t, "several.dts", several_dts, sizeof(several_dts) - 1, NULL,
				   f->diag), 0);
	assert_int_equal(dt_to_fdt(&t, &f->arena, NULL, &blob, &size), 0);
	assert_int_equal(dtbind_doc_load_string("a.yaml", several_a, sizeof(several_a) - 1,
						f->diag, 0, &da), 0);
	assert_int_equal(dtbind_doc_load_string("b.yaml", several_b, sizeof(several_b) - 1,
						f->diag, 0, &db), 0);
	roots[0] = dtbind_doc_root(da);
	roots[1] = dtbind_doc_root(db);
	assert_int_equal(dt_types_build(&types, roots, 2, DTBIND_GEN_2026_06), 0);
	/* outer (1, 1) and (2, unbounded) merge to (1, unbounded); inner (2, 2) and (1, 1) to (1, 2) */
	assert_true(dt_types_dim(types, "acme,parents", dim));
	assert_int_equal(dim[0][0], 1);
	assert_int_equal(dim[0][1], 0);
	assert_int_equal(dim[1][0], 1);
	assert_int_equal(dim[1][1], 2);
	assert_int_equal(dt_decode(&f->arena, blob, types, "several.dtb", NULL, NULL, f->diag,
				   &decode_errors, &tree), 0);
	assert_int_equal(decode_errors, 0);
	json = dtbind_value_to_json_dup(dtbind_value_get(tree, "dev"));
	assert_non_null(json);
	assert_non_null(strstr(json, "\"vendor-id\": [[4660]]"));
	assert_non_null(strstr(json, "\"mode\": [[0]]"));
	assert_non_null(strstr(json, "\"cooling-levels\": [[1, 2, 3, 4, 5, 6]]"));
	assert_non_null(strstr(json, "\"extcon\": [[0], [1]]"));
	assert_non_null(strstr(json, "\"acme,parents\": [[1], [1], [1]]"));
	free(json);
	json = dtbind_value_to_json_dup(dtbind_value_get(tree, "dev2"));
	assert_non_null(json);
	assert_non_null(strstr(json, "\"vendor-id\": [[305419896]]"));
	assert_non_null(strstr(json, "\"mode\": [\"fast\"]"));
	assert_non_null(strstr(json, "\"cooling-levels\": [[1, 2]]"));
	free(json);
	/* the 16-bit reading keeps its width, which typeSize checks */
	const struct dtbind_value *vid = dtbind_value_get(dtbind_value_get(tree, "dev"), "vendor-id");

	assert_int_equal(vid->u.seq.items[0]->u.seq.items[0]->style, 16);
	dt_types_free(types);
	dtbind_doc_free(da);
	dtbind_doc_free(db);
	free(blob);
	dt_tree_release(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_write_read_with_libfdt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decode_typed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_types_saved_and_loaded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decode_damaged, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decode_several_types_2026, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
