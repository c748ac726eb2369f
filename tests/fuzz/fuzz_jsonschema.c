// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_jsonschema.c - JSON Schema compilation and validation.  The input
 * is a schema, then optionally a line "--8<--" and an instance; without
 * one the schema validates itself.  The schema is also validated against
 * its meta-schema.  The embedded meta-schemas every input needs are parsed
 * once (LLVMFuzzerInitialize), not once an execution: that was a third of
 * the time, and the same work whatever the input.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "dtschema.h"
#include "fuzz.h"

#define SEP "\n--8<--\n"

/* The documents every input loads (2019-09 and its vocabularies), or most. */
static const char *const preloaded_uris[] = {
	"https://json-schema.org/draft/2019-09/schema",
	"https://json-schema.org/draft/2019-09/meta/core",
	"https://json-schema.org/draft/2019-09/meta/applicator",
	"https://json-schema.org/draft/2019-09/meta/validation",
	"https://json-schema.org/draft/2019-09/meta/meta-data",
	"https://json-schema.org/draft/2019-09/meta/format",
	"https://json-schema.org/draft/2019-09/meta/content",
	"http://json-schema.org/draft-07/schema",
	"http://devicetree.org/meta-schemas/core.yaml",
};
#define N_PRELOADED (sizeof(preloaded_uris) / sizeof(preloaded_uris[0]))
static const struct dtbind_value *preloaded[N_PRELOADED];

/*
 * The set's loader: one of those documents as the embedded file parses, the
 * same value the set's own prefix map would load.  Others: NULL, the set
 * loads them itself.
 */
static const struct dtbind_value *load_preloaded(void *ctx, const char *uri)
{
	(void)ctx;
	for (size_t i = 0; i < N_PRELOADED; i++)
		if (!strcmp(uri, preloaded_uris[i]))
			return preloaded[i];
	return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* Kept for the process: the values it returns must outlive every set. */
	static struct dtbind_schema_set *once;

	(void)argc;
	(void)argv;
	once = dtbind_schema_set_new(fuzz_diag());
	if (!once || dtbind_dtschemas_configure_set(once))
		abort();
	for (size_t i = 0; i < N_PRELOADED; i++) {
		const struct dtbind_schema *s;

		if (dtbind_schema_set_get(once, preloaded_uris[i], &s))
			abort();
		preloaded[i] = dtbind_schema_value(s);
	}
	return 0;
}

static void validate(const struct dtbind_schema *schema, const struct dtbind_value *instance)
{
	struct dtbind_validation *result = NULL;

	dtbind_schema_validate(schema, instance, &result);
	if (result) {
		dtbind_validation_report(result, fuzz_diag(), "fuzz");
		dtbind_validation_free(result);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *sep = memmem(text, size, SEP, strlen(SEP));
	size_t slen = sep ? (size_t)(sep - text) : size;
	struct dtbind_doc *sdoc = NULL, *idoc = NULL;
	const struct dtbind_schema *schema, *meta;
	struct dtbind_schema_set *set = dtbind_schema_set_new(fuzz_diag());

	if (!set || dtbind_dtschemas_configure_set(set))
		goto out;
	dtbind_schema_set_loader(set, load_preloaded, NULL);
	/* Both modes of the devicetree validator, picked by the input's length. */
	dtbind_schema_set_dt_annotations(set, size & 1);
	dtbind_schema_set_assert_regex_format(set, size & 2);
	if (dtbind_doc_load_string("schema.yaml", text, slen, fuzz_diag(), 0, &sdoc))
		goto out;
	if (sep && dtbind_doc_load_string("instance.yaml", sep + strlen(SEP),
					  size - slen - strlen(SEP), fuzz_diag(), 0, &idoc))
		goto out;
	const struct dtbind_value *instance = dtbind_doc_root(idoc ? idoc : sdoc);

	int ret = dtbind_schema_set_add_doc(set, sdoc, "http://fuzz.example/schema.yaml", &schema);

	sdoc = NULL;	/* the set owns it now, failed or not */
	if (ret)
		goto out;
	validate(schema, instance);
	if (dtbind_schema_set_get(set, dtbind_schema_dialect(schema) == DTBIND_DRAFT7
				  ? "http://json-schema.org/draft-07/schema#"
				  : "https://json-schema.org/draft/2019-09/schema#", &meta) == 0)
		validate(meta, dtbind_schema_value(schema));
out:
	dtbind_doc_free(idoc);
	dtbind_doc_free(sdoc);
	dtbind_schema_set_free(set);
	return 0;
}
