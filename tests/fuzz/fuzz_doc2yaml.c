// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_doc2yaml.c - a legacy .txt binding converted to YAML (no self-check:
 * lint and exampletest have harnesses of their own).  Whatever the text,
 * the output must load as YAML (a pointer stub gives none).
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "doc2yaml.h"
#include "fuzz.h"

static struct dtbind_doc2yaml *conv;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const maint[] = { "Fuzz Tester <fuzz@example.com>" };
	struct dtbind_doc2yaml_opts o = {
		.maintainers = maint,
		.n_maintainers = 1,
		.no_self_check = true,
	};

	(void)argc;
	(void)argv;
	o.include_dirs = fuzz_include_dirs(&o.n_include_dirs);
	if (dtbind_doc2yaml_new(fuzz_diag(), &o, &conv))
		abort();
	/*
	 * An example with a macro of no known header makes the converter index
	 * every dt-bindings header, once: here, not in the first input's time.
	 */
	static const char warm[] = "* Foo\n\nRequired properties:\n- compatible: should be \"acme,foo\"\n\n"
				   "Example:\n\nfoo@0 {\n\tcompatible = \"acme,foo\";\n"
				   "\tinterrupts = <FUZZ_UNKNOWN_MACRO 1>;\n};\n";
	char *yaml = NULL;
	size_t len;

	dtbind_doc2yaml_convert(conv, "Documentation/devicetree/bindings/misc/warm.txt", warm,
				sizeof(warm) - 1, NULL, &yaml, &len);
	free(yaml);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *yaml = NULL;
	size_t len;
	struct dtbind_doc *doc;

	if (dtbind_doc2yaml_convert(conv, "Documentation/devicetree/bindings/misc/fuzz.txt",
				    (const char *)data, size, NULL, &yaml, &len) || !yaml)
		return 0;	/* !yaml: a pointer stub, which converts to nothing */
	if (dtbind_doc_load_string("fuzz.yaml", yaml, len, fuzz_diag(), 0, &doc))
		abort();	/* doc2yaml wrote something that is not YAML */
	dtbind_doc_free(doc);
	free(yaml);
	return 0;
}
