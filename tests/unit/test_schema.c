// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_schema.c - the JSON Schema engine through its API: the registry
 * ($id, $ref across documents, a loader), what a validation error carries
 * (instance and schema locations, keyword, pointer), and the limits (an
 * unresolvable $ref, a $ref cycle).  The keywords themselves are covered by
 * the official JSON Schema suite (make suite).
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

#include "dtbind.h"

struct fixture {
	FILE *out;
	char *text;
	size_t len;
	struct dtbind_diag *diag;
	struct dtbind_schema_set *set;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || !(f->out = open_memstream(&f->text, &f->len)) ||
	    !(f->diag = dtbind_diag_new(f->out, DTBIND_FORMAT_GCC)) ||
	    !(f->set = dtbind_schema_set_new(f->diag)))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	dtbind_schema_set_free(f->set);
	dtbind_diag_free(f->diag);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

static const struct dtbind_schema *add(struct fixture *f, const char *name, const char *yaml)
{
	struct dtbind_doc *doc = NULL;
	const struct dtbind_schema *s = NULL;

	assert_int_equal(dtbind_doc_load_string(name, yaml, strlen(yaml), f->diag, 0, &doc), 0);
	assert_int_equal(dtbind_schema_set_add_doc(f->set, doc, NULL, &s), 0);
	assert_non_null(s);
	return s;
}

static struct dtbind_doc *instance(struct fixture *f, const char *yaml)
{
	struct dtbind_doc *doc = NULL;

	assert_int_equal(dtbind_doc_load_string("instance.yaml", yaml, strlen(yaml), f->diag, 0,
						&doc), 0);
	return doc;
}

static const char widget[] =
	"$id: http://example.com/widget.yaml#\n"
	"$schema: https://json-schema.org/draft/2019-09/schema\n"
	"type: object\n"
	"properties:\n"
	"  size:\n"
	"    $ref: units.yaml#/$defs/small\n"
	"  name:\n"
	"    type: string\n"
	"required:\n"
	"  - name\n";

static const char units[] =
	"$id: http://example.com/units.yaml#\n"
	"$schema: https://json-schema.org/draft/2019-09/schema\n"
	"$defs:\n"
	"  small:\n"
	"    type: integer\n"
	"    maximum: 10\n";

/* A $ref to another registered document, by relative URI against $id. */
static void test_ref_across_documents(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *w = add(f, "widget.yaml", widget), *got = NULL;
	struct dtbind_validation *r = NULL;
	struct dtbind_doc *ok, *bad;

	add(f, "units.yaml", units);
	assert_string_equal(dtbind_schema_uri(w), "http://example.com/widget.yaml#");
	assert_int_equal(dtbind_schema_set_get(f->set, "http://example.com/units.yaml#/$defs/small",
					       &got), 0);
	assert_non_null(got);

	ok = instance(f, "name: gear\nsize: 3\n");
	assert_int_equal(dtbind_schema_validate(w, dtbind_doc_root(ok), &r), 1);
	dtbind_validation_free(r);

	bad = instance(f, "name: gear\nsize: 30\n");
	assert_int_equal(dtbind_schema_validate(w, dtbind_doc_root(bad), &r), 0);
	const struct dtbind_verrors *e = dtbind_validation_errors(r);

	assert_int_equal(e->n, 1);
	assert_string_equal(e->v[0].keyword, "maximum");
	assert_string_equal(e->v[0].instance_path, "/size");
	/* the instance's line and the failing keyword's line in units.yaml */
	assert_int_equal(e->v[0].loc.line, 2);
	assert_int_equal(e->v[0].schema_loc.line, 6);
	assert_non_null(strstr(e->v[0].schema_path, "units.yaml#/$defs/small/maximum"));
	assert_non_null(strstr(e->v[0].message, "30"));
	dtbind_validation_free(r);
	dtbind_doc_free(ok);
	dtbind_doc_free(bad);
}

/* Every error is reported, each at its own place; required names the key. */
static void test_errors_located(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *w = add(f, "widget.yaml", widget);
	struct dtbind_validation *r = NULL;
	struct dtbind_doc *bad;

	add(f, "units.yaml", units);
	bad = instance(f, "size: -1\nextra: 1\nsize2: x\n");
	assert_int_equal(dtbind_schema_validate(w, dtbind_doc_root(bad), &r), 0);
	const struct dtbind_verrors *e = dtbind_validation_errors(r);

	assert_int_equal(e->n, 1);
	assert_string_equal(e->v[0].keyword, "required");
	assert_non_null(strstr(e->v[0].message, "'name'"));
	assert_int_equal(e->v[0].schema_loc.line, 9);
	/* and through the reporter, in the gcc format with the rule */
	dtbind_validation_report(r, f->diag, "test-rule");
	fflush(f->out);
	assert_non_null(strstr(f->text, "instance.yaml:1:1: error: "));
	assert_non_null(strstr(f->text, "[test-rule]"));
	dtbind_validation_free(r);
	dtbind_doc_free(bad);
}

static const struct dtbind_value *serve(void *ctx, const char *uri)
{
	struct dtbind_doc **doc = ctx;

	if (strcmp(uri, "http://example.com/units.yaml"))
		return NULL;
	return dtbind_doc_root(*doc);
}

/* A document the set does not have comes from the loader, on first use. */
static void test_loader(void **state)
{
	struct fixture *f = *state;
	struct dtbind_doc *u = NULL, *in;
	struct dtbind_validation *r = NULL;
	const struct dtbind_schema *w;

	assert_int_equal(dtbind_doc_load_string("units.yaml", units, strlen(units), f->diag, 0, &u), 0);
	dtbind_schema_set_loader(f->set, serve, &u);
	w = add(f, "widget.yaml", widget);
	in = instance(f, "name: gear\nsize: 11\n");
	assert_int_equal(dtbind_schema_validate(w, dtbind_doc_root(in), &r), 0);
	assert_string_equal(dtbind_validation_errors(r)->v[0].keyword, "maximum");
	dtbind_validation_free(r);
	dtbind_doc_free(in);
	dtbind_schema_set_free(f->set);	/* before the document it borrowed */
	f->set = NULL;
	dtbind_doc_free(u);
}

/* An unresolvable $ref is an error that says where, not a pass. */
static void test_unresolvable_ref(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *s = add(f, "dangling.yaml",
		"$id: http://example.com/dangling.yaml#\n"
		"$schema: https://json-schema.org/draft/2019-09/schema\n"
		"properties:\n"
		"  a:\n"
		"    $ref: nowhere.yaml#/$defs/x\n");
	struct dtbind_validation *r = NULL;
	struct dtbind_doc *in = instance(f, "a: 1\n");
	int ret = dtbind_schema_validate(s, dtbind_doc_root(in), &r);

	assert_int_equal(ret, -DTBIND_ENOTFOUND);
	const struct dtbind_verrors *e = dtbind_validation_errors(r);

	assert_true(e->n >= 1);
	assert_non_null(strstr(e->v[0].message, "nowhere.yaml"));
	assert_int_equal(e->v[0].schema_loc.line, 5);
	dtbind_validation_free(r);
	dtbind_doc_free(in);
}

/* A $ref cycle that never reaches a keyword is bounded, not a stack overflow. */
static void test_ref_cycle_bounded(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *s = add(f, "loop.yaml",
		"$id: http://example.com/loop.yaml#\n"
		"$schema: https://json-schema.org/draft/2019-09/schema\n"
		"$defs:\n"
		"  a:\n"
		"    $ref: '#/$defs/b'\n"
		"  b:\n"
		"    $ref: '#/$defs/a'\n"
		"$ref: '#/$defs/a'\n");
	struct dtbind_validation *r = NULL;
	struct dtbind_doc *in = instance(f, "x: 1\n");

	assert_int_equal(dtbind_schema_validate(s, dtbind_doc_root(in), &r), -DTBIND_ELIMIT);
	dtbind_validation_free(r);
	dtbind_doc_free(in);
}

/* The built-in meta-schemas are there without setup, by their $id. */
static void test_embedded_meta_schemas(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *m = NULL;
	struct dtbind_validation *r = NULL;
	struct dtbind_doc *bad = instance(f, "type: 12\n");

	assert_int_equal(dtbind_schema_set_get(f->set, "https://json-schema.org/draft/2019-09/schema",
					       &m), 0);
	assert_int_equal(dtbind_schema_dialect(m), DTBIND_DRAFT2019_09);
	assert_int_equal(dtbind_schema_validate(m, dtbind_doc_root(bad), &r), 0);
	assert_true(dtbind_validation_errors(r)->n >= 1);
	dtbind_validation_free(r);
	dtbind_doc_free(bad);
}

/*
 * A count written as an integral float past int64 (fuzz-smoke found
 * "maxItems: 1e300" converted out of range): it bounds nothing an array can
 * reach, so maxItems accepts and minItems refuses.
 */
static void test_huge_float_counts(void **state)
{
	struct fixture *f = *state;
	const struct dtbind_schema *most = add(f, "most.yaml",
		"$id: http://example.com/most.yaml#\n"
		"$schema: https://json-schema.org/draft/2019-09/schema\n"
		"maxItems: 1e300\n");
	const struct dtbind_schema *least = add(f, "least.yaml",
		"$id: http://example.com/least.yaml#\n"
		"$schema: https://json-schema.org/draft/2019-09/schema\n"
		"minItems: 1.0e19\n");
	struct dtbind_doc *arr = instance(f, "[1, 2, 3]\n");
	struct dtbind_validation *r = NULL;

	assert_int_equal(dtbind_schema_validate(most, dtbind_doc_root(arr), &r), 1);
	dtbind_validation_free(r);
	assert_int_equal(dtbind_schema_validate(least, dtbind_doc_root(arr), &r), 0);
	assert_string_equal(dtbind_validation_errors(r)->v[0].keyword, "minItems");
	dtbind_validation_free(r);
	dtbind_doc_free(arr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ref_across_documents, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors_located, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loader, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unresolvable_ref, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ref_cycle_bounded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_embedded_meta_schemas, setup, teardown),
		cmocka_unit_test_setup_teardown(test_huge_float_counts, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
