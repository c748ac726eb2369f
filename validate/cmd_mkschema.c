// SPDX-License-Identifier: BSD-2-Clause
/* cmd_mkschema.c - dtbind mkschema: the compiled schema set, once, for later runs. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dtschema.h"
#include "validate.h"

static const char *const mkschema_synopsis[] = {
	"-u BINDINGS_DIR [-o FILE] [--dtschema=GEN]",
	NULL,
};

static const struct cli_option mkschema_options[] = {
	{ 'u', "url-path", "DIR", "the bindings root (Documentation/devicetree/bindings)" },
	{ 'o', "output", "FILE", "write the compiled set to FILE (default: refresh the "
	  "automatic cache)" },
	CLI_OPTION_DTSCHEMA,
	{ 0 },
};

static const struct cli_example mkschema_examples[] = {
	{ "The processed schema set of a tree, once, for validate -s:",
	  "dtbind mkschema -u Documentation/devicetree/bindings -o schemas.bin" },
	{ NULL },
};

const struct cli_help help_mkschema = {
	.name = "mkschema",
	.summary = "process every binding once into a compiled schema set",
	.synopsis = mkschema_synopsis,
	.description =
		"Process every binding under BINDINGS_DIR and the core schemas once (meta-schema "
		"check, fixups for decoded data) into a compact file that validate and "
		"exampletest load with -s FILE (checked against the binding files on each run) "
		"or -p FILE (taken as it is, as dt-validate -p takes dt-mk-schema's output), "
		"the job of dt-mk-schema.  Without -o, the automatic cache under "
		"~/.cache/dtbind is refreshed.",
	.options = mkschema_options,
	.exit_status = "0 written, 2 usage or I/O error.",
	.examples = mkschema_examples,
	.see_also = "validate exampletest",
	.operand_words = "",
};

int cmd_mkschema(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "url-path", required_argument, NULL, 'u' },
		{ "output", required_argument, NULL, 'o' },
		{ "dtschema", required_argument, NULL, 'g' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outfile = NULL;
	char *root = NULL;
	enum dtbind_gen gen = DTBIND_GEN_AUTO;
	int opt;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "u:o:", opts, NULL)) != -1) {
		switch (opt) {
		/* Recorded as the real path: a later -p from elsewhere reads its names as they are. */
		case 'u':
			free(root);
			if (!(root = realpath(optarg, NULL))) {
				fprintf(stderr, "dtbind mkschema: %s: %s\n", optarg, strerror(errno));
				return EXIT_USAGE;
			}
			break;
		case 'o': outfile = optarg; break;
		case 'g':
			if (cli_parse_gen("mkschema", optarg, &gen))
				break;
			free(root);
			return EXIT_USAGE;
		default:
			cli_help_print(stderr, &help_mkschema);
			free(root);
			return EXIT_USAGE;
		}
	}
	if (!root || optind < argc) {
		cli_help_print(stderr, &help_mkschema);
		free(root);
		return EXIT_USAGE;
	}
	struct dtbind_diag *diag = dtbind_diag_new(stderr, DTBIND_FORMAT_GCC);
	struct dtbind_dtschemas *s = NULL;

	if (!diag) {
		free(root);
		return EXIT_USAGE;
	}
	/* A named output is rewritten from the sources; the automatic one is refreshed. */
	if (outfile)
		remove(outfile);
	int ret = dtbind_dtschemas_load_cached(diag, root, outfile, true, gen, &s);

	if (ret)
		fprintf(stderr, "dtbind mkschema: %s\n", dtbind_strerror(ret));
	else
		printf("%zu schemas (dt-schema %s)\n", dtbind_dtschemas_count(s),
		       dtbind_gen_name(dtbind_dtschemas_generation(s)));
	dtbind_dtschemas_free(s);
	dtbind_diag_free(diag);
	free(root);
	return ret ? EXIT_USAGE : EXIT_CLEAN;
}
