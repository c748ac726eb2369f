// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_boards.c - a board source (.dts/.dtsi) as doc2yaml reads it: the
 * token scan that keeps compatible lists, properties, labels, paths and
 * -names lists, then a conversion that asks the index everything it asks
 * (board chains, required properties no board has, names per compatible).
 * Whatever the source, the scan ends and the output loads as YAML.
 */
#define _GNU_SOURCE
#include <stdlib.h>

#include "doc2yaml-private.h"
#include "fuzz.h"

#define BOARDS_DIR "/nonexistent/fuzz-boards"

static struct dtbind_doc2yaml *conv;

/* A text whose compatibles, required list and names the seeds' boards use. */
static const char text[] =
	"* ACME DMA controller\n\n"
	"Required properties:\n"
	"- compatible : Should be one of\n"
	"      \"acme,a10-sdma\"\n      \"acme,a20-sdma\"\n      \"fsl,imx35-sdma\"\n"
	"      \"fsl,imx6q-sdma\"\n      \"amlogic,axg-toddr\"\n"
	"- reg : registers\n- interrupts : the interrupt\n- clocks : the clocks\n"
	"- clock-names : \"ipg\", \"ahb\"\n- #dma-cells : Must be <1>.\n\n"
	"Example:\n\ndma@0 {\n\tcompatible = \"acme,a10-sdma\";\n\treg = <0 4>;\n"
	"\tinterrupts = <6>;\n\tclocks = <&c 1>, <&c 2>;\n\tclock-names = \"ipg\", \"ahb\";\n"
	"\t#dma-cells = <1>;\n};\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const maint[] = { "Fuzz Tester <fuzz@example.com>" };
	struct dtbind_doc2yaml_opts o = {
		.maintainers = maint,
		.n_maintainers = 1,
		.no_self_check = true,
		.dts_dir = BOARDS_DIR,
	};

	(void)argc;
	(void)argv;
	if (dtbind_doc2yaml_new(fuzz_diag(), &o, &conv))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *yaml = NULL;
	size_t len;
	struct dtbind_doc *doc;

	int ret;

	board_index_from_buffer(conv, BOARDS_DIR, (const char *)data, size);
	ret = dtbind_doc2yaml_convert(conv, "Documentation/devicetree/bindings/dma/fuzz.txt", text,
				      sizeof(text) - 1, NULL, &yaml, &len);
	if (ret || !yaml) {
		fprintf(stderr, "fuzz_boards: the fixed text did not convert (%d)\n", ret);
		abort();	/* the text is fixed: it always converts */
	}
	if (dtbind_doc_load_string("fuzz.yaml", yaml, len, fuzz_diag(), 0, &doc)) {
		fprintf(stderr, "fuzz_boards: not YAML:\n%s\n", yaml);
		abort();
	}
	dtbind_doc_free(doc);
	free(yaml);
	return 0;
}
