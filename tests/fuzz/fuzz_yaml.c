// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_yaml.c - YAML and JSON loading with locations: the document tree,
 * its JSON form and its deep copy.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "fuzz.h"

/* NaN equals nothing, itself included: a tree holding one is not compared. */
static bool has_nan(const struct dtbind_value *v)
{
	switch (v->kind) {
	case DTBIND_FLOAT:
		return v->u.f != v->u.f;
	case DTBIND_SEQ:
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (has_nan(v->u.seq.items[i]))
				return true;
		return false;
	case DTBIND_MAP:
		for (size_t i = 0; i < v->u.map.n; i++)
			if (has_nan(v->u.map.members[i].value))
				return true;
		return false;
	default:
		return false;
	}
}

static void load(const uint8_t *data, size_t size, unsigned flags)
{
	struct dtbind_doc *doc = NULL, *copy = NULL;

	if (dtbind_doc_load_string("fuzz.yaml", (const char *)data, size, fuzz_diag(), flags, &doc))
		return;
	const struct dtbind_value *root = dtbind_doc_root(doc);
	char *json = dtbind_value_to_json_dup(root);

	/* A copy is equal to its original, whatever the tree holds. */
	if (dtbind_doc_from_value("copy", root, &copy) == 0) {
		if (!dtbind_value_equal(root, dtbind_doc_root(copy)) && !has_nan(root))
			abort();
		dtbind_doc_free(copy);
	}
	free(json);
	dtbind_doc_free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	load(data, size, 0);
	/* What starts like JSON goes through the JSON mode as well. */
	if (size && (data[0] == '{' || data[0] == '['))
		load(data, size, DTBIND_DOC_JSON);
	return 0;
}
